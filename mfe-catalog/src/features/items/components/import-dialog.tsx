import type { ImportJob, ImportRowResult } from '@erp/contracts';
import { errorMessage } from '@erp/sdk';
import {
  Badge,
  Button,
  Checkbox,
  Dialog,
  DialogFooter,
  ErrorPanel,
  Icon,
  Input,
  Label,
  Spinner,
  theme,
  type BadgeVariant,
} from '@erp/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { useImportJob } from '../api/get-import-job';
import { itemKeys } from '../api/item-keys';
import { IMPORT_COLUMNS } from '../hooks/catalog-constants';
import { IMPORT_ACCEPT, IMPORT_MAX_BYTES, useStartImport } from '../api/start-import';

const Body = styled.div`
  display: grid;
  gap: 0.875rem;
  font-size: 0.875rem;
`;

const Muted = styled.p`
  color: ${theme.color.mutedForeground};
  font-size: 0.8125rem;
`;

const Problem = styled.p`
  color: ${theme.color.destructive};
  font-size: 0.8125rem;
`;

const Track = styled.div`
  height: 0.5rem;
  border-radius: ${theme.radius.full};
  background: ${theme.color.muted};
  overflow: hidden;
  & > div {
    height: 100%;
    background: ${theme.color.primary};
    transition: width 0.3s;
  }
`;

const Counts = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
`;

const RowList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  max-height: 16rem;
  overflow-y: auto;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.md};
  & > li {
    display: grid;
    grid-template-columns: auto 1fr auto;
    gap: 0.25rem 0.75rem;
    padding: 0.5rem 0.75rem;
    border-bottom: 1px solid ${theme.color.border};
  }
  & > li:last-child {
    border-bottom: none;
  }
  & .message {
    grid-column: 2 / -1;
    color: ${theme.color.mutedForeground};
    font-size: 0.8125rem;
  }
`;

const FilterLine = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  cursor: pointer;
`;

const OUTCOME: Record<ImportRowResult['outcome'], { label: string; variant: BadgeVariant }> = {
  created: { label: 'Created', variant: 'success' },
  updated: { label: 'Updated', variant: 'default' },
  unchanged: { label: 'Unchanged', variant: 'secondary' },
  refused: { label: 'Refused', variant: 'destructive' },
};

function Progress({ job }: { job: ImportJob | undefined }) {
  const total = job?.totalRows ?? 0;
  const done = job?.processedRows ?? 0;
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <>
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <Track>
          <div style={{ width: `${percent}%` }} />
        </Track>
      </div>
      <Muted>
        <Spinner size={12} /> {total > 0 ? `Processed ${done} of ${total} rows` : 'Reading the file...'}
      </Muted>
    </>
  );
}

function Report({ job }: { job: ImportJob }) {
  const [refusedOnly, setRefusedOnly] = useState(false);
  const rows = refusedOnly ? job.rows.filter((r) => r.outcome === 'refused') : job.rows;
  return (
    <>
      <Counts aria-label="Import summary">
        <Badge variant="success">{job.created} created</Badge>
        <Badge variant="default">{job.updated} updated</Badge>
        <Badge variant="secondary">{job.unchanged} unchanged</Badge>
        <Badge variant={job.refused > 0 ? 'destructive' : 'outline'}>{job.refused} refused</Badge>
      </Counts>
      {job.rows.length > 0 && (
        <>
          <FilterLine>
            <Checkbox checked={refusedOnly} onCheckedChange={setRefusedOnly} disabled={job.refused === 0} />
            Show refused rows only
          </FilterLine>
          <RowList aria-label="Rows of the file">
            {rows.map((r) => (
              <li key={`${r.row}-${r.vendor}`}>
                <span>Row {r.row}</span>
                <span>
                  {r.itemName || '—'}
                  {r.vendor ? ` · ${r.vendor}` : ''}
                </span>
                <Badge variant={OUTCOME[r.outcome].variant}>{OUTCOME[r.outcome].label}</Badge>
                {r.message && <span className="message">{r.message}</span>}
              </li>
            ))}
          </RowList>
        </>
      )}
    </>
  );
}

export interface ImportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Import of items with vendor prices from CSV or XLSX: upload, progress while the server works, per-row report. */
export function ImportDialog({ open, onOpenChange }: ImportDialogProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useStartImport();
  const jobId = upload.data?._id ?? null;
  const job = useImportJob(jobId);
  const current = job.data ?? upload.data;
  const finished = current?.status === 'done' || current?.status === 'failed';

  // Once the job is over, the list shows the imported items.
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: itemKeys('list') });
  }, [finished, queryClient]);

  const reset = () => {
    setFile(null);
    setProblem(null);
    upload.reset();
  };

  const close = () => {
    onOpenChange(false);
    reset();
  };

  const choose = (next: File | null) => {
    setProblem(null);
    if (next && !/\.(csv|xlsx)$/i.test(next.name)) {
      setProblem('Choose a .csv or .xlsx file');
      setFile(null);
    } else if (next && next.size > IMPORT_MAX_BYTES) {
      setProblem('The file is larger than 10 MB');
      setFile(null);
    } else setFile(next);
  };

  let content;
  if (!upload.data) {
    content = (
      <>
        <div>
          <Label htmlFor={`${id}-file`}>File</Label>
          <Input
            id={`${id}-file`}
            type="file"
            accept={IMPORT_ACCEPT}
            onChange={(e) => choose(e.target.files?.[0] ?? null)}
            disabled={upload.isPending}
            style={{ paddingTop: '0.35rem', marginTop: '0.375rem' }}
          />
        </div>
        <Muted>
          One row per item and vendor price. Columns: {IMPORT_COLUMNS.join(', ')}. CSV or XLSX, up to 10 MB.
        </Muted>
        {problem && <Problem role="alert">{problem}</Problem>}
        {upload.isError && <Problem role="alert">{errorMessage(upload.error)}</Problem>}
      </>
    );
  } else if (job.isError && !finished) {
    content = (
      <ErrorPanel
        title="Could not follow the import"
        message={errorMessage(job.error)}
        onRetry={() => void job.refetch()}
      />
    );
  } else if (!finished) {
    content = <Progress job={current} />;
  } else {
    content = (
      <>
        {current.status === 'failed' && (
          <Problem role="alert">{current.message || 'The import failed.'}</Problem>
        )}
        <Report job={current} />
      </>
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Import Items"
      description={upload.data ? upload.data.fileName : 'Add or update items and vendor prices from a file'}
      role="alertdialog"
    >
      <Body>{content}</Body>
      <DialogFooter>
        {!upload.data ? (
          <>
            <Button variant="outline" onClick={close} disabled={upload.isPending}>
              Cancel
            </Button>
            <Button onClick={() => file && upload.mutate(file)} disabled={!file || upload.isPending}>
              {upload.isPending ? <Spinner /> : <Icon name="arrowRight" />}
              {upload.isPending ? 'Uploading...' : 'Upload'}
            </Button>
          </>
        ) : finished ? (
          <>
            <Button variant="outline" onClick={reset}>
              Import Another File
            </Button>
            <Button onClick={close}>Done</Button>
          </>
        ) : (
          <Button variant="outline" onClick={close}>
            Close
          </Button>
        )}
      </DialogFooter>
    </Dialog>
  );
}
