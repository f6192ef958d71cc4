import type { PriceChange } from '@erp/contracts';
import { errorMessage } from '@erp/sdk';
import {
  Badge,
  ErrorPanel,
  formatDateTime,
  formatINR,
  Icon,
  Skeleton,
  theme,
  type BadgeVariant,
} from '@erp/ui';
import { type Column, DataTable, SectionCard } from '@erp/ui/remote';
import styled from 'styled-components';
import { usePriceHistory } from '../api/get-price-history';

const Change = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 0.375rem;
  white-space: nowrap;
  font-variant-numeric: tabular-nums;
`;

/** Up is bad news for a purchaser (red), down is good (green). */
const Trend = styled.span<{ $up: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 0.125rem;
  font-weight: 600;
  font-size: 0.75rem;
  color: ${(p) => (p.$up ? theme.color.destructive : theme.color.success)};
  & > svg {
    transform: ${(p) => (p.$up ? 'rotate(180deg)' : 'none')};
  }
`;

const Muted = styled.span`
  color: ${theme.color.mutedForeground};
  white-space: nowrap;
`;

const KIND: Record<PriceChange['change'], { label: string; variant: BadgeVariant }> = {
  added: { label: 'Added', variant: 'success' },
  updated: { label: 'Updated', variant: 'default' },
  activated: { label: 'Activated', variant: 'secondary' },
  deactivated: { label: 'Deactivated', variant: 'outline' },
  removed: { label: 'Removed', variant: 'destructive' },
};

const amount = (value: number | null) => (value === null ? '—' : formatINR(value));

function OldNew({ from, to }: { from: number | null; to: number | null }) {
  const moved = from !== null && to !== null && from !== to;
  const up = moved && to > from;
  return (
    <Change>
      {from !== null && from !== to && <Muted>{amount(from)} →</Muted>}
      <span>{amount(to)}</span>
      {moved && (
        <Trend
          $up={up}
          aria-label={up ? 'Price went up' : 'Price went down'}
          title={up ? 'Went up' : 'Went down'}
        >
          <Icon name="chevronDown" size={14} />
          {up ? 'Up' : 'Down'}
        </Trend>
      )}
    </Change>
  );
}

const columns: Column<PriceChange>[] = [
  { id: 'vendor', header: 'Vendor', primary: true, cell: (c) => <strong>{c.vendor.name}</strong> },
  {
    id: 'change',
    header: 'Change',
    cell: (c) => <Badge variant={KIND[c.change].variant}>{KIND[c.change].label}</Badge>,
  },
  { id: 'price', header: 'Price', cell: (c) => <OldNew from={c.oldPrice} to={c.newPrice} /> },
  { id: 'gst', header: 'GST', cell: (c) => <OldNew from={c.oldGst} to={c.newGst} /> },
  { id: 'who', header: 'Changed By', cell: (c) => c.changedBy?.name ?? '—' },
  { id: 'when', header: 'When', cell: (c) => <Muted>{formatDateTime(c.changedAt)}</Muted> },
];

/** Every change of this item's vendor prices, newest first, so a purchaser sees at a glance what went up. */
export function PriceHistory({ itemId }: { itemId: string }) {
  const history = usePriceHistory(itemId);
  let body;
  if (history.isPending) body = <Skeleton $height="6rem" />;
  else if (history.isError)
    body = (
      <ErrorPanel
        title="Could not load the price history"
        message={errorMessage(history.error)}
        onRetry={() => void history.refetch()}
      />
    );
  else if (history.data.result.length === 0) body = <Muted>No price changes yet.</Muted>;
  else
    body = (
      <DataTable caption="Price history" columns={columns} rows={history.data.result} rowKey={(c) => c._id} />
    );
  return (
    <SectionCard
      titleId="section-price-history"
      title="Price History"
      description="Who changed which vendor's price and GST, and when"
    >
      {body}
    </SectionCard>
  );
}
