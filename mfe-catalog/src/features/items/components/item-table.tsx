import type { ItemSummary } from '@erp/contracts';
import { formatDate, formatINR, Icon, LinkButton, theme, useIsMobile } from '@erp/ui';
import { DataTable, type Column } from '@erp/ui/remote';
import { memo } from 'react';
import styled from 'styled-components';

const Name = styled.span`
  font-weight: 500;
`;

const Muted = styled.span`
  color: ${theme.color.mutedForeground};
  white-space: nowrap;
`;

const Money = styled.span`
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

const priceRange = (item: ItemSummary) =>
  item.priceRange ? (
    item.priceRange.min === item.priceRange.max ? (
      <Money>{formatINR(item.priceRange.min)}</Money>
    ) : (
      <Money>
        {formatINR(item.priceRange.min)} – {formatINR(item.priceRange.max)}
      </Money>
    )
  ) : (
    <Muted>—</Muted>
  );

const columns: Column<ItemSummary>[] = [
  { id: 'name', header: 'Item Name', primary: true, cell: (i) => <Name>{i.name}</Name> },
  { id: 'unit', header: 'Unit', cell: (i) => i.unit },
  { id: 'vendors', header: 'Vendor Count', align: 'right', cell: (i) => i.vendorCount },
  {
    id: 'best',
    header: 'Best Price',
    align: 'right',
    cell: (i) => (i.bestPrice === null ? <Muted>—</Muted> : <Money>{formatINR(i.bestPrice)}</Money>),
  },
  { id: 'range', header: 'Price Range', align: 'right', cell: priceRange },
  { id: 'updated', header: 'Last Updated', cell: (i) => <Muted>{formatDate(i.updatedAt)}</Muted> },
];

export interface ItemTableProps {
  items: ItemSummary[];
  canEdit: boolean;
}

/**
 * Items as a table on desktops and cards on phones, with Edit for members who maintain the item
 * master. Memoised: a keystroke in the search box must not re-render a page of 100 rows.
 */
export const ItemTable = memo(function ItemTable({ items, canEdit }: ItemTableProps) {
  const compact = !useIsMobile();
  return (
    <DataTable
      caption="Items"
      columns={columns}
      rows={items}
      rowKey={(i) => i._id}
      actions={
        canEdit
          ? (i) => (
              <LinkButton
                to={`/items/edit?id=${encodeURIComponent(i._id)}`}
                variant="outline"
                size={compact ? 'icon' : 'sm'}
                aria-label={`Edit ${i.name}`}
                title={compact ? 'Edit' : undefined}
              >
                <Icon name="pencil" />
                {!compact && 'Edit'}
              </LinkButton>
            )
          : undefined
      }
    />
  );
});
