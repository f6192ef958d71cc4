import { Dialog, DialogFooter, Input, Label, theme } from '@erp/ui';
import { useId, useState, type ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';
import { spreadsheetProblem, type SpreadsheetLimits } from './file-check';

const Body = styled.div`
  display: grid;
  gap: 0.875rem;
  font-size: 0.875rem;
  min-width: 0;
`;

/** A note of the dialog (what the file holds, progress, what was created). */
export const ImportNote = styled.p`
  color: ${theme.color.mutedForeground};
  font-size: 0.8125rem;
`;

/** What went wrong (a refused file, the service's message); give it role="alert". */
export const ImportProblem = styled.p`
  color: ${theme.color.destructive};
  font-size: 0.8125rem;
`;

/** The badges that count what the file gave. */
export const ImportCounts = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
`;

/** A scrolling list of the file's rows, one bordered line each; a screen sets its columns. */
export const ImportRows = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  overflow-y: auto;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.md};
  & > li {
    display: grid;
    padding: 0.5rem 0.75rem;
    border-bottom: 1px solid ${theme.color.border};
  }
  & > li:last-child {
    border-bottom: none;
  }
`;

const slide = keyframes`from { transform: translateX(-100%); } to { transform: translateX(250%); }`;

const Track = styled.div`
  height: 0.5rem;
  border-radius: ${theme.radius.full};
  background: ${theme.color.muted};
  overflow: hidden;
  & > div {
    width: 40%;
    height: 100%;
    border-radius: inherit;
    background: ${theme.color.primary};
    animation: ${slide} 1.1s ease-in-out infinite;
  }
  & > div[data-determinate] {
    animation: none;
    transition: width 0.2s;
  }
`;

export interface ImportProgressProps {
  label: string;
  /** How far (0 to 100); without it the bar slides while the length of the work is unknown. */
  percent?: number;
}

/** The progress bar of an import: a determinate one with its value, or one that slides. */
export function ImportProgress({ label, percent }: ImportProgressProps) {
  if (percent === undefined)
    return (
      <div role="progressbar" aria-label={label} aria-valuetext={label}>
        <Track>
          <div />
        </Track>
      </div>
    );
  return (
    <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
      <Track>
        <div data-determinate="" style={{ width: `${percent}%` }} />
      </Track>
    </div>
  );
}

/** The chosen file and why it cannot be sent (checked on choosing; see spreadsheetProblem). */
export function useSpreadsheetFile(limits: SpreadsheetLimits) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const choose = (next: File | null) => {
    const refused = spreadsheetProblem(next, limits);
    setProblem(refused);
    setFile(refused ? null : next);
  };
  const clear = () => {
    setFile(null);
    setProblem(null);
  };
  return { file, problem, setProblem, choose, clear };
}

export interface SpreadsheetFieldProps {
  label: string;
  accept: string;
  disabled: boolean;
  onChoose: (file: File | null) => void;
}

/** The file input of an import, labelled. */
export function SpreadsheetField({ label, accept, disabled, onChoose }: SpreadsheetFieldProps) {
  const id = `${useId()}-file`;
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="file"
        accept={accept}
        onChange={(e) => onChoose(e.target.files?.[0] ?? null)}
        disabled={disabled}
        style={{ paddingTop: '0.35rem', marginTop: '0.375rem' }}
      />
    </div>
  );
}

export interface SpreadsheetImportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Closing by Escape or the close button: the screen stops its work and forgets the file. */
  onClose: () => void;
  title: string;
  description: ReactNode;
  footer: ReactNode;
  children: ReactNode;
}

/**
 * The frame of an import from a spreadsheet (items with vendor prices, BOQ lines): an alertdialog, so
 * that a click beside it does not lose a file being read, with the step's content and its buttons.
 */
export function SpreadsheetImportDialog(props: SpreadsheetImportDialogProps) {
  const { onOpenChange, onClose } = props;
  return (
    <Dialog
      open={props.open}
      onOpenChange={(next) => (next ? onOpenChange(true) : onClose())}
      title={props.title}
      description={props.description}
      role="alertdialog"
    >
      <Body>{props.children}</Body>
      <DialogFooter>{props.footer}</DialogFooter>
    </Dialog>
  );
}
