import type { ImportJob, ImportRowResult } from '@erp/contracts';
import { errorMessage } from '@erp/sdk';
import { Badge, Button, Checkbox, ErrorPanel, Icon, Spinner, theme, type BadgeVariant } from '@erp/ui';
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
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { useImportJob } from '../api/get-import-job';
import { itemKeys } from '../api/item-keys';
import { IMPORT_COLUMNS } from '../hooks/catalog-constants';
import { IMPORT_ACCEPT, IMPORT_MAX_BYTES, useStartImport } from '../api/start-import';

const RowList = styled(ImportRows)`
  max-height: 16rem;
  & > li {
    grid-template-columns: auto 1fr auto;
    gap: 0.25rem 0.75rem;
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

const LIMITS = { maxBytes: IMPORT_MAX_BYTES, typeMessage: 'Choose a .csv or .xlsx file' };

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
      <ImportProgress label="Import progress" percent={percent} />
      <ImportNote>
        <Spinner size={12} /> {total > 0 ? `Processed ${done} of ${total} rows` : 'Reading the file...'}
      </ImportNote>
    </>
  );
}

function Report({ job }: { job: ImportJob }) {
  const [refusedOnly, setRefusedOnly] = useState(false);
  const rows = refusedOnly ? job.rows.filter((r) => r.outcome === 'refused') : job.rows;
  return (
    <>
      <ImportCounts aria-label="Import summary">
        <Badge variant="success">{job.created} created</Badge>
        <Badge variant="default">{job.updated} updated</Badge>
        <Badge variant="secondary">{job.unchanged} unchanged</Badge>
        <Badge variant={job.refused > 0 ? 'destructive' : 'outline'}>{job.refused} refused</Badge>
      </ImportCounts>
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
  const queryClient = useQueryClient();
  const { file, problem, choose, clear } = useSpreadsheetFile(LIMITS);
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
    clear();
    upload.reset();
  };

  const close = () => {
    onOpenChange(false);
    reset();
  };

  let content;
  if (!upload.data) {
    content = (
      <>
        <SpreadsheetField label="File" accept={IMPORT_ACCEPT} disabled={upload.isPending} onChoose={choose} />
        <ImportNote>
          One row per item and vendor price. Columns: {IMPORT_COLUMNS.join(', ')}. CSV or XLSX, up to 10 MB.
        </ImportNote>
        {problem && <ImportProblem role="alert">{problem}</ImportProblem>}
        {upload.isError && <ImportProblem role="alert">{errorMessage(upload.error)}</ImportProblem>}
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
          <ImportProblem role="alert">{current.message || 'The import failed.'}</ImportProblem>
        )}
        <Report job={current} />
      </>
    );
  }

  const footer = !upload.data ? (
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
  );

  return (
    <SpreadsheetImportDialog
      open={open}
      onOpenChange={onOpenChange}
      onClose={close}
      title="Import Items"
      description={upload.data ? upload.data.fileName : 'Add or update items and vendor prices from a file'}
      footer={footer}
    >
      {content}
    </SpreadsheetImportDialog>
  );
}
