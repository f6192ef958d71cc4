import type { PoReceipt } from '@erp/contracts';
import { formatDate, formatDateTime, theme } from '@erp/ui';
import { DataTable, Figure, RowAction, type Column } from '@erp/ui/remote';
import { useMemo } from 'react';
import styled from 'styled-components';
import { actorName, formatQty } from '../../shared/hooks/po-format';

const Lines = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.375rem;
  min-width: 11rem;
  & > li {
    display: grid;
    gap: 0.0625rem;
  }
  & small {
    color: ${theme.color.mutedForeground};
    font-size: 0.75rem;
  }
  & .rejected {
    color: ${theme.color.destructive};
  }
`;

const Remarks = styled.span`
  display: block;
  min-width: 8rem;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  &[data-none] {
    color: ${theme.color.mutedForeground};
  }
`;

const Muted = styled.span`
  color: ${theme.color.mutedForeground};
  font-size: 0.8125rem;
  white-space: nowrap;
`;

/** One receipt's lines: what arrived, and how much of it was accepted or rejected on site. */
function ReceivedLines({ receipt }: { receipt: PoReceipt }) {
  return (
    <Lines>
      {receipt.receivedItems.map((l) => (
        <li key={l.item._id}>
          <span>
            {l.item.name}:{' '}
            <Figure>
              {formatQty(l.receivedQuantity)} {l.item.unit}
            </Figure>
          </span>
          <small>
            Accepted {formatQty(l.acceptedQuantity)} {l.item.unit}
            {l.rejectedQuantity > 0 && (
              <span className="rejected">
                {' '}
                · Rejected {formatQty(l.rejectedQuantity)} {l.item.unit}
              </span>
            )}
            {l.remarks && ` · ${l.remarks}`}
          </small>
        </li>
      ))}
    </Lines>
  );
}

export interface PoDeliveriesProps {
  receipts: PoReceipt[];
  /** Opens a receipt's invoice photo. */
  onShowPhoto: (receipt: PoReceipt) => void;
}

/**
 * SPEC §2 "PO details": the deliveries (receipts): invoice number, invoice date, received date,
 * received by, the items with received (accepted, rejected) quantities and units, remarks, and the
 * invoice photo behind its button. Newest first.
 */
export function PoDeliveries({ receipts, onShowPhoto }: PoDeliveriesProps) {
  const rows = useMemo(
    () => [...receipts].sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
    [receipts],
  );
  const columns = useMemo<Column<PoReceipt>[]>(
    () => [
      {
        id: 'invoice',
        header: 'Invoice #',
        primary: true,
        cell: (r) => <Figure>{r.invoice.invoiceNumber}</Figure>,
      },
      {
        id: 'invoiceDate',
        header: 'Invoice Date',
        cell: (r) => <Figure>{formatDate(r.invoice.invoiceDate)}</Figure>,
      },
      {
        id: 'receivedAt',
        header: 'Received Date',
        cell: (r) => <Figure title={formatDateTime(r.createdAt)}>{formatDate(r.createdAt)}</Figure>,
      },
      { id: 'receivedBy', header: 'Received By', cell: (r) => actorName(r.receivedBy) },
      { id: 'items', header: 'Items', cell: (r) => <ReceivedLines receipt={r} /> },
      {
        id: 'remarks',
        header: 'Remarks',
        cell: (r) => (r.remarks ? <Remarks>{r.remarks}</Remarks> : <Remarks data-none="">None</Remarks>),
      },
      {
        id: 'photo',
        header: 'Photo',
        cell: (r) =>
          r.photo ? (
            <RowAction
              onClick={() => onShowPhoto(r)}
              icon="eye"
              label="Photo"
              aria-label={`Invoice photo of ${r.invoice.invoiceNumber}`}
            />
          ) : (
            <Muted>No photo</Muted>
          ),
      },
    ],
    [onShowPhoto],
  );
  // Seven columns fit beside the sidebar.
  return <DataTable caption="Deliveries" columns={columns} rows={rows} dense />;
}
