import type { ItemSummary } from '@erp/contracts';
import { formatDate, formatINR, useIsMobile } from '@erp/ui';
import { DataTable, Figure, MutedText, RowAction, RowName, type Column } from '@erp/ui/remote';
import { memo } from 'react';

const priceRange = (item: ItemSummary) =>
  item.priceRange ? (
    item.priceRange.min === item.priceRange.max ? (
      <Figure>{formatINR(item.priceRange.min)}</Figure>
    ) : (
      <Figure>
        {formatINR(item.priceRange.min)} – {formatINR(item.priceRange.max)}
      </Figure>
    )
  ) : (
    <MutedText>—</MutedText>
  );

const columns: Column<ItemSummary>[] = [
  { id: 'name', header: 'Item Name', primary: true, cell: (i) => <RowName>{i.name}</RowName> },
  { id: 'unit', header: 'Unit', cell: (i) => i.unit },
  { id: 'vendors', header: 'Vendor Count', align: 'right', cell: (i) => i.vendorCount },
  {
    id: 'best',
    header: 'Best Price',
    align: 'right',
    cell: (i) =>
      i.bestPrice === null ? <MutedText>—</MutedText> : <Figure>{formatINR(i.bestPrice)}</Figure>,
  },
  { id: 'range', header: 'Price Range', align: 'right', cell: priceRange },
  { id: 'updated', header: 'Last Updated', cell: (i) => <MutedText>{formatDate(i.updatedAt)}</MutedText> },
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
      actions={
        canEdit
          ? (i) => (
              <RowAction
                to={`/items/edit?id=${encodeURIComponent(i._id)}`}
                icon="pencil"
                label="Edit"
                name={i.name}
                iconOnly={compact}
              />
            )
          : undefined
      }
    />
  );
});
