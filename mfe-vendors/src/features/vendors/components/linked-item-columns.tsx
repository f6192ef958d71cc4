import type { VendorItemLink } from '@erp/contracts';
import { formatDate, formatINR } from '@erp/ui';
import type { Column } from '@erp/ui/remote';
import { draftTotal } from '../hooks/linked-item-draft';
import type { LinkedItemEdit } from '../hooks/use-linked-item-edit';
import {
  ActiveSwitch,
  AmountInput,
  ItemName,
  Money,
  Muted,
  NotesCellInput,
  StatusBadge,
} from './linked-item-cells';

type LinkColumn = Column<VendorItemLink>;

/** Price, GST and Total: typed amounts in the row being edited, the saved ones elsewhere. */
function amountColumns({ draftOf, setDraft, busy }: LinkedItemEdit): LinkColumn[] {
  return [
    {
      id: 'price',
      header: 'Price',
      sortKey: 'price',
      align: 'right',
      cell: (l) => {
        const draft = draftOf(l);
        return draft ? (
          <AmountInput
            label={`Price for ${l.itemName}`}
            value={draft.price}
            onValue={(price) => setDraft({ price })}
            disabled={busy}
          />
        ) : (
          <Money>{formatINR(l.price)}</Money>
        );
      },
    },
    {
      id: 'gst',
      header: 'GST',
      align: 'right',
      cell: (l) => {
        const draft = draftOf(l);
        return draft ? (
          <AmountInput
            label={`GST for ${l.itemName}`}
            value={draft.gst}
            onValue={(gst) => setDraft({ gst })}
            disabled={busy}
          />
        ) : (
          <Money>{formatINR(l.gst)}</Money>
        );
      },
    },
    {
      id: 'total',
      header: 'Total',
      align: 'right',
      cell: (l) => {
        const draft = draftOf(l);
        const total = draft ? draftTotal(draft) : l.totalPrice;
        return <Money>{total === null ? '—' : formatINR(total)}</Money>;
      },
    },
  ];
}

/** MOQ, Status and Notes: editable in the row being edited, shown as saved elsewhere. */
function termColumns({ draftOf, setDraft, busy }: LinkedItemEdit): LinkColumn[] {
  return [
    {
      id: 'moq',
      header: 'MOQ',
      sortKey: 'moq',
      align: 'right',
      cell: (l) => {
        const draft = draftOf(l);
        if (draft)
          return (
            <AmountInput
              label={`MOQ for ${l.itemName}`}
              value={draft.moq}
              onValue={(moq) => setDraft({ moq })}
              disabled={busy}
            />
          );
        return l.moq ? `${l.moq} ${l.unit}` : <Muted>—</Muted>;
      },
    },
    {
      id: 'status',
      header: 'Status',
      cell: (l) => {
        const draft = draftOf(l);
        return draft ? (
          <ActiveSwitch
            label={`Price for ${l.itemName} is active`}
            value={draft.active}
            onValue={(active) => setDraft({ active })}
            disabled={busy}
          />
        ) : (
          <StatusBadge active={l.status === 'active'} />
        );
      },
    },
    {
      id: 'notes',
      header: 'Notes',
      cell: (l) => {
        const draft = draftOf(l);
        return draft ? (
          <NotesCellInput
            label={`Notes for ${l.itemName}`}
            value={draft.notes}
            onValue={(notes) => setDraft({ notes })}
            disabled={busy}
          />
        ) : (
          <span>{l.notes || <Muted>—</Muted>}</span>
        );
      },
    },
  ];
}

/**
 * The linked items table's columns (SPEC §2 "Vendors"): Item, the amounts, the terms and Last
 * Updated; the row being edited shows inputs in place of its values.
 */
export function linkedItemColumns(edit: LinkedItemEdit): LinkColumn[] {
  return [
    {
      id: 'item',
      header: 'Item',
      sortKey: 'itemName',
      primary: true,
      cell: (l) => (
        <ItemName>
          <strong>{l.itemName}</strong> <Muted>({l.unit})</Muted>
        </ItemName>
      ),
    },
    ...amountColumns(edit),
    ...termColumns(edit),
    {
      id: 'updated',
      header: 'Last Updated',
      sortKey: 'updatedAt',
      // Newest first on the first click.
      sortDescFirst: true,
      cell: (l) => (
        <Muted title={l.lastUpdatedBy ? `by ${l.lastUpdatedBy.name}` : undefined}>
          {formatDate(l.updatedAt)}
        </Muted>
      ),
    },
  ];
}
