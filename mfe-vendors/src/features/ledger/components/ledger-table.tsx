import type { LedgerEntry } from '@erp/contracts';
import { Badge, formatDateTime, Link, theme } from '@erp/ui';
import { DataTable, MutedText, RowAction, Strong, type Column } from '@erp/ui/remote';
import { useMemo } from 'react';
import styled from 'styled-components';
import { enteredByName, entryTypeVariant, formatLedgerDate, poPath } from '../hooks/ledger-format';
import { Balance, Rupees } from './rupees';

const Reference = styled.span`
  display: grid;
  gap: 0.125rem;
  min-width: 0;
  & > a {
    color: ${theme.color.primary};
    text-decoration: underline;
    text-underline-offset: 2px;
    font-family: ${theme.font.mono};
    font-size: 0.8125rem;
  }
  & > span {
    overflow-wrap: anywhere;
  }
  & > small {
    color: ${theme.color.mutedForeground};
    font-size: 0.75rem;
    overflow-wrap: anywhere;
  }
`;

const TypeCell = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 0.375rem;
  flex-wrap: wrap;
  justify-content: flex-end;
  @media (min-width: 768px) {
    justify-content: flex-start;
  }
`;

/**
 * On phones each entry is a card whose footer holds its actions; an entry with nothing to do (a PO
 * Add, a reversed payment) would show an empty footer line, so an empty footer is not shown.
 */
const Entries = styled.div`
  ${theme.media.mobile} {
    & li > * > div:last-child:empty {
      display: none;
    }
  }
`;

/** The Reference / PO column: the PO number as a link to the PO, a payment's reference and method, a credit note's number and reason, what a reversal undoes. */
function ReferenceCell({ entry }: { entry: LedgerEntry }) {
  const po = entry.po ? <Link to={poPath(entry.po._id)}>{entry.po.poNumber}</Link> : null;
  switch (entry.type) {
    case 'PO Add':
      return <Reference>{po ?? <span>{entry.reference || '—'}</span>}</Reference>;
    case 'Overbill Approved':
      return (
        <Reference>
          {po}
          {entry.reference && <small>Invoice {entry.reference}</small>}
        </Reference>
      );
    case 'Payment':
      return (
        <Reference>
          <span>{entry.reference || 'No reference'}</span>
          <small>{[entry.method, entry.notes].filter(Boolean).join(' · ')}</small>
        </Reference>
      );
    case 'Credit Note':
      return (
        <Reference>
          <span>{entry.reference}</span>
          <small>{[entry.reason, entry.notes].filter(Boolean).join(' · ')}</small>
        </Reference>
      );
    default:
      return (
        <Reference>
          <span>
            {entry.reverses
              ? `Reverses #${entry.reverses.seq} (${entry.reverses.type}${entry.reference ? ` ${entry.reference}` : ''})`
              : entry.reference || '—'}
          </span>
          {entry.reason && <small>{entry.reason}</small>}
        </Reference>
      );
  }
}

const columns: Column<LedgerEntry>[] = [
  {
    id: 'date',
    header: 'Date',
    cell: (e) => (
      <MutedText title={`Entered ${formatDateTime(e.createdAt)}`}>{formatLedgerDate(e.date)}</MutedText>
    ),
  },
  {
    id: 'type',
    header: 'Type',
    primary: true,
    cell: (e) => (
      <TypeCell>
        <Badge variant={entryTypeVariant(e.type)}>{e.type}</Badge>
        {e.reversedBy && <Badge variant="outline">Reversed by #{e.reversedBy.seq}</Badge>}
        <MutedText>#{e.seq}</MutedText>
      </TypeCell>
    ),
  },
  { id: 'reference', header: 'Reference / PO', cell: (e) => <ReferenceCell entry={e} /> },
  { id: 'amount', header: 'Amount', align: 'right', cell: (e) => <Rupees value={e.effect} signed /> },
  {
    id: 'balance',
    header: 'Balance After',
    align: 'right',
    cell: (e) => (
      <Strong>
        <Balance value={e.balanceAfter} />
      </Strong>
    ),
  },
  { id: 'enteredBy', header: 'Entered By', cell: (e) => <MutedText>{enteredByName(e.enteredBy)}</MutedText> },
];

export interface LedgerTableProps {
  entries: LedgerEntry[];
  /** Whether this member may reverse this entry (a Payment or Credit Note not reversed yet, by whoever may add it). */
  canReverse: (entry: LedgerEntry) => boolean;
  onReverse: (entry: LedgerEntry) => void;
}

/** The transaction table (SPEC §2 "Vendor ledger detail"), newest first as the service sends it; cards on phones. */
export function LedgerTable({ entries, canReverse, onReverse }: LedgerTableProps) {
  const anyReversible = useMemo(() => entries.some(canReverse), [entries, canReverse]);
  return (
    <Entries>
      <DataTable
        caption="Ledger entries, newest first"
        columns={columns}
        rows={entries}
        sortMode="server"
        actions={
          anyReversible
            ? (e) =>
                canReverse(e) ? (
                  <RowAction
                    onClick={() => onReverse(e)}
                    icon="refresh"
                    label="Reverse"
                    aria-label={`Reverse ${e.type} #${e.seq}${e.reference ? ` ${e.reference}` : ''}`}
                  />
                ) : null
            : undefined
        }
      />
    </Entries>
  );
}
