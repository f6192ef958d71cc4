import { Button, Icon, Spinner, theme } from '@erp/ui';
import { ImportNote, ImportProblem, ImportProgress, ImportRows } from '@erp/ui/spreadsheet-import';
import styled from 'styled-components';
import type { Creation } from '../hooks/boq-import-creation';

/** A framed group of the import dialog (the unknown items; the items not yet known after creating them). */
export const Box = styled.div`
  display: grid;
  gap: 0.5rem;
  padding: 0.75rem;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.md};
  background: ${theme.color.muted};
  & > h3 {
    font-size: 0.875rem;
    font-weight: 600;
  }
`;

/** The rows of the file the dialog lists (unknown items, refused rows): the row number, the item, why. */
export const RowList = styled(ImportRows)`
  max-height: 14rem;
  background: ${theme.color.background};
  & > li {
    grid-template-columns: 4.5rem minmax(0, 1fr);
    gap: 0.125rem 0.75rem;
  }
  & .item {
    overflow-wrap: anywhere;
    font-weight: 500;
  }
  & .reasons {
    grid-column: 2;
    color: ${theme.color.destructive};
    font-size: 0.8125rem;
  }
  & .muted {
    color: ${theme.color.mutedForeground};
  }
`;

/** '1 line', '1,200 lines' (Indian grouping). */
export const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;

/** The file being read by the service: its name and size. */
export function Reading({ file }: { file: File | null }) {
  return (
    <div role="status">
      <ImportProgress label="Reading file" />
      <ImportNote style={{ marginTop: '0.375rem' }}>
        <Spinner size={12} /> Reading file
        {file
          ? ` ${file.name} (${Math.max(1, Math.round(file.size / 1024)).toLocaleString('en-IN')} KB)`
          : ''}
        …
      </ImportNote>
    </div>
  );
}

/** How the creation of the unknown items goes: progress, failures, and items the BOQ service does not know yet. */
export function CreationStatus({
  creation,
  onReadAgain,
  reading,
}: {
  creation: Creation;
  onReadAgain: () => void;
  reading: boolean;
}) {
  const percent = creation.total > 0 ? Math.round((creation.done / creation.total) * 100) : 0;
  const creating = creation.done < creation.total;
  return (
    <div role="status" style={{ display: 'grid', gap: '0.375rem' }}>
      {creating && (
        <>
          <ImportProgress label="Creating items" percent={percent} />
          <ImportNote>
            Creating items: {creation.done} of {creation.total}
          </ImportNote>
        </>
      )}
      {creation.resolving && (
        <ImportNote>
          <Spinner size={12} /> Items created. Reading the file again until the BOQ service knows them…
        </ImportNote>
      )}
      {creation.failed.map((f) => (
        <ImportProblem key={f.name} role="alert">
          Could not create “{f.name}”: {f.message}
        </ImportProblem>
      ))}
      {!creating && !creation.resolving && creation.unresolved.length > 0 && (
        <Box>
          <ImportNote>
            {plural(creation.unresolved.length, 'item')} were created but the BOQ service has not received{' '}
            {creation.unresolved.length === 1 ? 'it' : 'them'} yet (
            {creation.unresolved.slice(0, 3).join(', ')}
            {creation.unresolved.length > 3 ? '…' : ''}). Read the file again in a few seconds.
          </ImportNote>
          <Button variant="outline" size="sm" onClick={onReadAgain} disabled={reading}>
            {reading ? <Spinner /> : <Icon name="refresh" />}
            Read the file again
          </Button>
        </Box>
      )}
      {!creating &&
        !creation.resolving &&
        creation.unresolved.length === 0 &&
        creation.failed.length < creation.total && (
          <ImportNote>
            <Icon name="check" size={12} /> {plural(creation.total - creation.failed.length, 'item')} created
            in the item master.
          </ImportNote>
        )}
    </div>
  );
}
