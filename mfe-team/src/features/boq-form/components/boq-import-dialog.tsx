/**
 * Import from a spreadsheet (step 3): choose an .xlsx or .csv file, the projects service reads it
 * and answers a preview (POST /boq/import: nothing is stored), the user sees what is ready, what was
 * refused and why, may create the items the item master lacks, and adds the ready lines to the form.
 * A chunk of its own: loaded when the user opens it (or points at its button).
 */
import {
  BOQ_IMPORT_ALIASES,
  BOQ_IMPORT_COLUMNS,
  type BoqImportPreview,
  type BoqUnknownItem,
} from '@erp/contracts';
import { errorMessage } from '@erp/sdk';
import { Badge, Button, Icon, Spinner, theme } from '@erp/ui';
import {
  ImportCounts,
  ImportNote,
  ImportProblem,
  ImportProgress,
  ImportRows,
  SpreadsheetField,
  SpreadsheetImportDialog,
  useSpreadsheetFile,
} from '@erp/ui/spreadsheet-import';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { boqKeys } from '../../shared/api/boq-keys';
import { BOQ_IMPORT_ACCEPT, BOQ_IMPORT_MAX_BYTES, createItem, previewBoqImport } from '../api/import-boq';
import type { AppendResult } from '../hooks/boq-form-values';

const Box = styled.div`
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

const RowList = styled(ImportRows)`
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

const Columns = styled.ul`
  margin: 0;
  padding-left: 1.1rem;
  display: grid;
  gap: 0.125rem;
  font-size: 0.8125rem;
  & b {
    font-weight: 600;
  }
  & span {
    color: ${theme.color.mutedForeground};
  }
`;

/** How many refused rows are listed (the rest are counted). */
const SHOWN_ROWS = 200;
const LIMITS = { maxBytes: BOQ_IMPORT_MAX_BYTES, typeMessage: 'Choose an .xlsx or .csv file' };
/** After items are created, the preview is read again until they resolve (they reach the projects service through events). */
const RESOLVE_ATTEMPTS = 6;
const RESOLVE_DELAY_MS = 1000;

const COLUMN_NOTES: Record<(typeof BOQ_IMPORT_COLUMNS)[number], string> = {
  Item: 'the item master’s name, required',
  Unit: 'required (e.g. bags, kg, CBM)',
  Quantity: 'planned quantity above 0, two decimals at most',
  Rate: 'rupees per unit, above 0',
  Remark: 'optional',
};

const TEMPLATE = `data:text/csv;charset=utf-8,${encodeURIComponent(`${BOQ_IMPORT_COLUMNS.join(',')}\r\nCement OPC 53 Grade,bags,120,385,Tower A\r\n`)}`;

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const delay = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;

interface Creation {
  done: number;
  total: number;
  failed: { name: string; message: string }[];
  /** Created, and being looked for in the preview again. */
  resolving: boolean;
  /** Created but still unknown to the preview after every attempt. */
  unresolved: string[];
}

export interface BoqImportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Appends the ready lines to the form (skipping items already on it) and says what it did. */
  onAdd: (lines: BoqImportPreview['lines']) => AppendResult;
  /** Items module, Add Item with write: may create the items the file names and the master lacks. */
  canCreateItems: boolean;
  /** Item ids already on the form: their lines are skipped. */
  onForm: ReadonlySet<string>;
}

export default function BoqImportDialog({
  open,
  onOpenChange,
  onAdd,
  canCreateItems,
  onForm,
}: BoqImportDialogProps) {
  const queryClient = useQueryClient();
  const { file, problem, setProblem, choose, clear } = useSpreadsheetFile(LIMITS);
  const [reading, setReading] = useState(false);
  const [preview, setPreview] = useState<BoqImportPreview | null>(null);
  const [creation, setCreation] = useState<Creation | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const fresh = () => {
    abort.current?.abort();
    abort.current = new AbortController();
    return abort.current.signal;
  };

  const close = () => {
    abort.current?.abort();
    onOpenChange(false);
  };

  const reset = () => {
    abort.current?.abort();
    clear();
    setReading(false);
    setPreview(null);
    setCreation(null);
  };

  const read = async (chosen: File, signal: AbortSignal): Promise<BoqImportPreview | null> => {
    setReading(true);
    setProblem(null);
    try {
      const result = await previewBoqImport(chosen, signal);
      if (!signal.aborted) setPreview(result);
      return result;
    } catch (error) {
      if (!signal.aborted) setProblem(errorMessage(error));
      return null;
    } finally {
      if (!signal.aborted) setReading(false);
    }
  };

  /** Creates the unknown items (name and unit from the file), then reads the file again until they resolve. */
  const createUnknown = async (unknown: BoqUnknownItem[]) => {
    if (!file) return;
    const signal = fresh();
    const state: Creation = { done: 0, total: unknown.length, failed: [], resolving: false, unresolved: [] };
    setCreation({ ...state });
    const created: string[] = [];
    for (const item of unknown) {
      if (signal.aborted) return;
      try {
        await createItem({ name: item.name.trim(), unit: item.unit.trim() });
        created.push(item.name);
      } catch (error) {
        state.failed.push({ name: item.name, message: errorMessage(error) });
      }
      state.done++;
      setCreation({ ...state });
    }
    void queryClient.invalidateQueries({ queryKey: boqKeys('item-search') });
    void queryClient.invalidateQueries({ queryKey: ['items'] });
    if (created.length === 0) return;
    state.resolving = true;
    setCreation({ ...state });
    let still = created;
    for (let attempt = 0; attempt < RESOLVE_ATTEMPTS && still.length > 0; attempt++) {
      if (attempt > 0) await delay(RESOLVE_DELAY_MS, signal);
      if (signal.aborted) return;
      const next = await read(file, signal);
      if (!next) break;
      still = created.filter((name) => next.unknownItems.some((u) => sameName(u.name, name)));
    }
    if (signal.aborted) return;
    setCreation({ ...state, resolving: false, unresolved: still });
  };

  const readAgain = () => {
    if (!file) return;
    setCreation((c) => (c ? { ...c, unresolved: [] } : c));
    void read(file, fresh());
  };

  const ready = preview?.lines ?? [];
  const skipped = ready.filter((line) => onForm.has(line.item._id)).length;
  const toAdd = ready.length - skipped;
  const busy = reading || (creation !== null && (creation.done < creation.total || creation.resolving));

  let content;
  if (!preview) {
    content = (
      <>
        <SpreadsheetField
          label="Spreadsheet"
          accept={BOQ_IMPORT_ACCEPT}
          disabled={reading}
          onChoose={choose}
        />
        <div>
          <ImportNote>
            The first row names the columns (any order; other usual names such as Qty or UOM work too):
          </ImportNote>
          <Columns aria-label="Expected columns">
            {BOQ_IMPORT_COLUMNS.map((column) => (
              <li key={column}>
                <b>{column}</b>{' '}
                <span>
                  — {COLUMN_NOTES[column]}
                  {BOQ_IMPORT_ALIASES[column].length > 1
                    ? ` (also: ${BOQ_IMPORT_ALIASES[column]
                        .filter((a) => a !== column.toLowerCase())
                        .slice(0, 2)
                        .join(', ')})`
                    : ''}
                </span>
              </li>
            ))}
          </Columns>
        </div>
        <ImportNote>
          <a href={TEMPLATE} download="boq-template.csv">
            Download a template (CSV)
          </a>{' '}
          · .xlsx or .csv, up to 10 MB. Nothing is saved until you save the BOQ.
        </ImportNote>
        {reading && <Reading file={file} />}
        {problem && <ImportProblem role="alert">{problem}</ImportProblem>}
      </>
    );
  } else {
    const unknown = preview.unknownItems;
    const refused = preview.refused;
    content = (
      <>
        <ImportCounts aria-label="Import summary">
          <Badge variant={ready.length > 0 ? 'success' : 'outline'}>
            {plural(ready.length, 'line')} ready
          </Badge>
          <Badge variant={refused.length > 0 ? 'destructive' : 'outline'}>
            {plural(refused.length, 'row')} refused
          </Badge>
          <Badge variant="secondary">{plural(preview.totalRows, 'row')} read</Badge>
        </ImportCounts>
        {skipped > 0 && (
          <ImportNote>
            {plural(skipped, 'line')} of the file {skipped === 1 ? 'names an item' : 'name items'} already on
            this BOQ: {skipped === 1 ? 'it' : 'they'} will be skipped, your lines stay as they are.
          </ImportNote>
        )}
        {unknown.length > 0 && (
          <Box role="group" aria-label="Items not in the item master">
            <h3>{plural(unknown.length, 'item')} not in the item master</h3>
            <RowList>
              {unknown.slice(0, SHOWN_ROWS).map((item) => (
                <li key={item.name}>
                  <span>Row {item.rows[0]}</span>
                  <span className="item">{item.name}</span>
                  <span className="reasons muted">
                    Unit: {item.unit || 'none given'}
                    {item.rows.length > 1
                      ? ` · also row${item.rows.length === 2 ? '' : 's'} ${item.rows.slice(1, 8).join(', ')}${item.rows.length > 8 ? '…' : ''}`
                      : ''}
                  </span>
                </li>
              ))}
            </RowList>
            {canCreateItems ? (
              <Button variant="outline" onClick={() => void createUnknown(unknown)} disabled={busy}>
                {creation && busy ? <Spinner /> : <Icon name="plus" />}
                Create {plural(unknown.length, 'item')} in the item master
              </Button>
            ) : (
              <ImportNote>
                Ask a Purchaser to add these items to the item master, then read the file again.
              </ImportNote>
            )}
          </Box>
        )}
        {creation && <CreationStatus creation={creation} onReadAgain={readAgain} reading={reading} />}
        {refused.length > 0 && (
          <div>
            <h3 style={{ fontSize: '0.875rem', fontWeight: 600, marginBottom: '0.375rem' }}>Refused rows</h3>
            <RowList aria-label="Refused rows">
              {refused.slice(0, SHOWN_ROWS).map((row) => (
                <li key={row.row}>
                  <span>Row {row.row}</span>
                  <span className="item">{row.item || '—'}</span>
                  <span className="reasons">{row.reasons.join('; ')}</span>
                </li>
              ))}
            </RowList>
            {refused.length > SHOWN_ROWS && (
              <ImportNote>and {plural(refused.length - SHOWN_ROWS, 'more row')}</ImportNote>
            )}
          </div>
        )}
        {reading && !creation && <Reading file={file} />}
        {problem && <ImportProblem role="alert">{problem}</ImportProblem>}
      </>
    );
  }

  const footer = !preview ? (
    <>
      <Button variant="outline" onClick={close}>
        Cancel
      </Button>
      <Button onClick={() => file && void read(file, fresh())} disabled={!file || reading}>
        {reading ? <Spinner /> : <Icon name="arrowRight" />}
        {reading ? 'Reading file...' : 'Read File'}
      </Button>
    </>
  ) : (
    <>
      <Button variant="ghost" onClick={close}>
        Cancel
      </Button>
      <Button variant="outline" onClick={reset} disabled={busy}>
        Choose Another File
      </Button>
      <Button
        onClick={() => {
          onAdd(ready);
          close();
        }}
        disabled={toAdd <= 0 || busy}
      >
        <Icon name="plus" />
        Add {plural(toAdd, 'line')}
      </Button>
    </>
  );

  return (
    <SpreadsheetImportDialog
      open={open}
      onOpenChange={onOpenChange}
      onClose={close}
      title="Import from Excel"
      description={preview ? preview.fileName : 'Add estimate lines from a spreadsheet'}
      footer={footer}
    >
      {content}
    </SpreadsheetImportDialog>
  );
}

function Reading({ file }: { file: File | null }) {
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

function CreationStatus({
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
