import type { LedgerEntry, LedgerRange } from '@erp/contracts';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  EmptyState,
  Pagination,
} from '@erp/ui';
import { Tabs } from '@erp/ui/remote';
import styled from 'styled-components';
import { LEDGER_PAGE_SIZE, RANGE_OPTIONS } from '../hooks/ledger-filters';
import { LedgerTable } from './ledger-table';

const TableHeader = styled(CardHeader)`
  && {
    flex-direction: row;
  }
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: 0.75rem;
  & [role='tablist'] {
    flex-wrap: wrap;
  }
`;

const Footer = styled.div`
  margin-top: 1rem;
`;

export interface LedgerTransactionsProps {
  /** This page of entries, newest first, and how many there are in the range. */
  entries: LedgerEntry[];
  totalItems: number;
  totalCapped: boolean | undefined;
  range: LedgerRange;
  page: number;
  onRangeChange: (next: string) => void;
  /** 'Show All' on an empty period: the whole ledger, first page. */
  onShowAll: () => void;
  onPageChange: (next: number) => void;
  reversible: (entry: LedgerEntry) => boolean;
  onReverse: (entry: LedgerEntry) => void;
}

/** The count of entries in the chosen range, e.g. '26+ entries in last month'. */
function EntryCount({
  totalItems,
  totalCapped,
  range,
}: Pick<LedgerTransactionsProps, 'totalItems' | 'totalCapped' | 'range'>) {
  const rangeLabel = RANGE_OPTIONS.find((r) => r.value === range)?.label ?? 'All';
  return (
    <CardDescription>
      {totalItems === 0
        ? 'No entries'
        : `${totalItems}${totalCapped ? '+' : ''} ${totalItems === 1 ? 'entry' : 'entries'}`}
      {range === 'all' ? '' : ` in ${rangeLabel.toLowerCase()}`}, newest first
    </CardDescription>
  );
}

/**
 * A vendor ledger's Transactions card: the count and the date range tabs (?range=), then the entries
 * (each payment or credit note reversible where allowed) with paging (?page=), or why there are none.
 */
export function LedgerTransactions(props: LedgerTransactionsProps) {
  const { entries, totalItems, totalCapped, range, page } = props;
  return (
    <Card as="section" aria-labelledby="ledger-transactions">
      <TableHeader>
        <div>
          <CardTitle id="ledger-transactions" as="h2">
            Transactions
          </CardTitle>
          <EntryCount totalItems={totalItems} totalCapped={totalCapped} range={range} />
        </div>
        <Tabs
          aria-label="Date range"
          value={range}
          onValueChange={props.onRangeChange}
          tabs={RANGE_OPTIONS.map((r) => ({ value: r.value, label: r.label }))}
        />
      </TableHeader>
      <CardContent>
        {entries.length === 0 ? (
          <EmptyState
            icon="inbox"
            title={range === 'all' ? 'No transactions yet' : 'No transactions in this period'}
            description={
              range === 'all'
                ? 'Purchase orders, payments and credit notes with this vendor will appear here.'
                : 'Choose a longer period to see earlier entries.'
            }
            action={
              range === 'all' ? undefined : (
                <Button variant="outline" onClick={props.onShowAll}>
                  Show All
                </Button>
              )
            }
          />
        ) : (
          <>
            <LedgerTable entries={entries} canReverse={props.reversible} onReverse={props.onReverse} />
            {totalItems > LEDGER_PAGE_SIZE && (
              <Footer>
                <Pagination
                  page={page}
                  pageSize={LEDGER_PAGE_SIZE}
                  totalItems={totalItems}
                  totalCapped={totalCapped}
                  onPageChange={props.onPageChange}
                />
              </Footer>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
