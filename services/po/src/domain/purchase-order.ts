/**
 * A PO's quantities and status (SPEC §2 "PO details"): what is still pending on a line, the status
 * its lines give the PO, and its printed number. Plain functions of the lines as the PO keeps them
 * (hundredths), so a receipt and a short-close reach the same status the same way.
 */
import type { PoStatus } from '@erp/contracts';

/** A PO line's quantities as kept (hundredths; PostgreSQL may hand bigints over as text). */
export interface LineQuantities {
  quantity_hundredths: number | string;
  received_hundredths: number | string;
  cancelled_hundredths: number | string;
}

/** What is still expected of a line: ordered − received − cancelled (hundredths). */
export const pendingOf = (l: LineQuantities): number =>
  Math.max(0, Number(l.quantity_hundredths) - Number(l.received_hundredths) - Number(l.cancelled_hundredths));

/** Open until something is received, Partial while anything is pending, Closed when nothing is. */
export function statusOf(lines: ReadonlyArray<LineQuantities>): PoStatus {
  if (lines.every((l) => pendingOf(l) === 0)) return 'Closed';
  return lines.some((l) => Number(l.received_hundredths) > 0) ? 'Partial' : 'Open';
}

/**
 * The status the PO moves to, from its lines as locked with a receipt's accepted quantities added
 * (`accepted`: hundredths per line id; a line absent or at 0 is as it was).
 */
export function statusAfterReceipt<L extends LineQuantities & { id: string }>(
  lines: ReadonlyArray<L>,
  accepted: ReadonlyArray<{ lineId: string; accepted: number }>,
): PoStatus {
  return statusOf(
    lines.map((line) => {
      const more = accepted.find((l) => l.lineId === line.id)?.accepted ?? 0;
      return more > 0 ? { ...line, received_hundredths: Number(line.received_hundredths) + more } : line;
    }),
  );
}

/** PO-000001 for 1; longer once the numbers pass six digits. */
export function poNumber(n: number): string {
  return `PO-${String(n).padStart(6, '0')}`;
}
