import { errorMessage } from '@erp/sdk';
import { Button, Dialog, DialogFooter, Field, theme, toast } from '@erp/ui';
import { DateInput } from '@erp/ui/remote';
import { useState } from 'react';
import styled from 'styled-components';
import { useDownloadStatement } from '../api/download-statement';
import { indiaToday, statementPeriod, statementProblem, type StatementPeriod } from '../hooks/ledger-dates';
import { Pair } from './entry-fields';

const Choices = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem 1.25rem;
  margin: 0;
  padding: 0;
  border: 0;
  & > legend {
    font-size: 0.875rem;
    font-weight: 500;
    margin-bottom: 0.5rem;
    padding: 0;
  }
  & > label {
    display: inline-flex;
    align-items: center;
    gap: 0.375rem;
    font-size: 0.875rem;
    cursor: pointer;
  }
  & input {
    accent-color: ${theme.color.primary};
  }
`;

const Problem = styled.p`
  margin: 0;
  font-size: 0.8125rem;
  color: ${theme.color.destructive};
`;

export interface StatementDialogProps {
  vendorId: string;
  /** VEN-0001: names the file when the server sends no name. */
  vendorCode: string;
  vendorName: string;
  onClose: () => void;
}

/**
 * 'Statement': a statement of account for a period (this financial year by default, or the last 3
 * months, or any From and To), as PDF or Excel, downloaded through 'ledger.statement'.
 */
export function StatementDialog({ vendorId, vendorCode, vendorName, onClose }: StatementDialogProps) {
  const [today] = useState(() => indiaToday());
  const [period, setPeriod] = useState<StatementPeriod>('financialYear');
  const [dates, setDates] = useState(() => statementPeriod('financialYear', today));
  const [format, setFormat] = useState<'pdf' | 'xlsx'>('pdf');
  const download = useDownloadStatement();
  const problem = statementProblem(dates.from, dates.to);

  const choosePeriod = (next: StatementPeriod) => {
    setPeriod(next);
    if (next !== 'custom') setDates(statementPeriod(next, today));
  };
  const setDate = (key: 'from' | 'to', value: string) => {
    setPeriod('custom');
    setDates((d) => ({ ...d, [key]: value }));
  };

  const submit = () => {
    if (problem || download.isPending) return;
    download.mutate(
      { vendorId, vendorCode, from: dates.from, to: dates.to, format },
      {
        onSuccess: () => {
          toast({
            title: 'Statement downloaded',
            description: `${vendorName}, ${dates.from} to ${dates.to}`,
            variant: 'success',
          });
          onClose();
        },
        onError: (error) =>
          toast({
            title: 'Could not download the statement',
            description: errorMessage(error),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && !download.isPending && onClose()}
      title="Statement of Account"
      description={`${vendorName}: every entry in the period with opening and closing balances.`}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        style={{ display: 'grid', gap: '1rem' }}
      >
        <Choices>
          <legend>Period</legend>
          {(
            [
              ['financialYear', 'This financial year'],
              ['last3Months', 'Last 3 months'],
              ['custom', 'Custom'],
            ] as const
          ).map(([value, label]) => (
            <label key={value}>
              <input
                type="radio"
                name="statement-period"
                value={value}
                checked={period === value}
                onChange={() => choosePeriod(value)}
              />
              {label}
            </label>
          ))}
        </Choices>
        <Pair>
          <Field label="From" htmlFor="statement-from" required>
            <DateInput
              id="statement-from"
              value={dates.from}
              max={dates.to || undefined}
              onChange={(value) => setDate('from', value)}
              aria-invalid={problem ? true : undefined}
            />
          </Field>
          <Field label="To" htmlFor="statement-to" required>
            <DateInput
              id="statement-to"
              value={dates.to}
              min={dates.from || undefined}
              onChange={(value) => setDate('to', value)}
              aria-invalid={problem ? true : undefined}
            />
          </Field>
        </Pair>
        {problem && <Problem role="alert">{problem}</Problem>}
        <Choices>
          <legend>Format</legend>
          <label>
            <input
              type="radio"
              name="statement-format"
              value="pdf"
              checked={format === 'pdf'}
              onChange={() => setFormat('pdf')}
            />
            PDF
          </label>
          <label>
            <input
              type="radio"
              name="statement-format"
              value="xlsx"
              checked={format === 'xlsx'}
              onChange={() => setFormat('xlsx')}
            />
            Excel
          </label>
        </Choices>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} disabled={download.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            disabled={Boolean(problem) || download.isPending}
            aria-busy={download.isPending || undefined}
          >
            {download.isPending ? 'Downloading...' : 'Download'}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
