import { errorMessage } from '@erp/sdk';
import { Button, Dialog, DialogFooter, Field, theme, toast } from '@erp/ui';
import { DateInput, DialogForm } from '@erp/ui/remote';
import { useState } from 'react';
import styled from 'styled-components';
import { useDownloadStatement } from '../api/download-statement';
import { useStatementPeriod } from '../hooks/use-statement-period';
import { Pair } from './entry-fields';
import { RadioChoices } from './radio-choices';

const Problem = styled.p`
  margin: 0;
  font-size: 0.8125rem;
  color: ${theme.color.destructive};
`;

/** The period's two ends, From and To. */
const ENDS = [
  { end: 'from', label: 'From' },
  { end: 'to', label: 'To' },
] as const;

const PERIODS = [
  ['financialYear', 'This financial year'],
  ['last3Months', 'Last 3 months'],
  ['custom', 'Custom'],
] as const;

const FORMATS = [
  ['pdf', 'PDF'],
  ['xlsx', 'Excel'],
] as const;

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
  const { period, dates, choosePeriod, setDate, problem } = useStatementPeriod();
  const [format, setFormat] = useState<'pdf' | 'xlsx'>('pdf');
  const download = useDownloadStatement();

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
      <DialogForm onSubmit={submit}>
        <RadioChoices
          legend="Period"
          name="statement-period"
          options={PERIODS}
          value={period}
          onChange={choosePeriod}
        />
        <Pair>
          {ENDS.map(({ end, label }) => (
            <Field key={end} label={label} htmlFor={`statement-${end}`} required>
              <DateInput
                id={`statement-${end}`}
                value={dates[end]}
                // Neither end passes the other.
                max={end === 'from' ? dates.to || undefined : undefined}
                min={end === 'to' ? dates.from || undefined : undefined}
                onChange={(value) => setDate(end, value)}
                aria-invalid={problem ? true : undefined}
              />
            </Field>
          ))}
        </Pair>
        {problem && <Problem role="alert">{problem}</Problem>}
        <RadioChoices
          legend="Format"
          name="statement-format"
          options={FORMATS}
          value={format}
          onChange={setFormat}
        />
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
      </DialogForm>
    </Dialog>
  );
}
