/**
 * What a goods receipt's invoice should come to (issue 13, the vendor ledger's overbilling check;
 * the receipt screen shows it and warns before sending, decision 0037): the accepted quantities at
 * the PO's locked prices with GST, plus the receipt's share of the PO's fleet (transport) cost and
 * its GST. Pure arithmetic in integer paise and hundredths with the money functions; no
 * floating-point rupees. One implementation for the PO service (the ReceiptRecorded event's
 * expectedAmount) and the browser (mfe-po's receipt wizard).
 *
 * - Goods: per line, accepted hundredths x (price + GST per unit), rounded to the paisa as a PO
 *   line's total is rounded (`lineAmount`, half away from zero), then summed.
 * - Fleet share: (fleet + fleet GST) x goods / the PO's lines total, rounded to the paisa (half away
 *   from zero). A PO whose lines total nothing (every price 0) gives no share: there is nothing to
 *   apportion by. The shares of several receipts may differ from the fleet total by a paisa or two
 *   in all (each is rounded on its own); what matters here is one receipt against its invoice.
 */
import { lineAmount, sumPaise, type Hundredths, type Paise } from './money.js';

export interface ReceivedLine {
  /** Accepted quantity in hundredths (rejected goods are not billed). */
  accepted: Hundredths;
  /** Price + GST per unit, locked on approval. */
  unitTotalPaise: Paise;
}

export interface ExpectedAmount {
  goodsPaise: Paise;
  fleetSharePaise: Paise;
  totalPaise: Paise;
}

/** `n * m / d` rounded half away from zero, exactly (bigint), for n, m >= 0 and d > 0. */
function mulDivRound(n: number, m: number, d: number): number {
  const num = BigInt(n) * BigInt(m);
  const den = BigInt(d);
  const q = num / den;
  const r = num % den;
  const result = r * 2n >= den ? q + 1n : q;
  return Number(result);
}

export function expectedReceiptAmount(
  lines: readonly ReceivedLine[],
  po: { linesTotalPaise: Paise; fleetPaise: Paise; fleetGstPaise: Paise },
): ExpectedAmount {
  const goodsPaise = sumPaise(lines.map((l) => lineAmount(l.unitTotalPaise, l.accepted)));
  const fleetTotal = sumPaise([po.fleetPaise, po.fleetGstPaise]);
  if (goodsPaise < 0 || fleetTotal < 0 || po.linesTotalPaise < 0)
    throw new RangeError('Amounts must not be negative');
  const fleetSharePaise =
    po.linesTotalPaise === 0 || fleetTotal === 0
      ? 0
      : mulDivRound(fleetTotal, goodsPaise, po.linesTotalPaise);
  return { goodsPaise, fleetSharePaise, totalPaise: sumPaise([goodsPaise, fleetSharePaise]) };
}

/**
 * How far an invoice may be from the expected amount before the receipt screen warns (decision
 * 0037): 1% of the expected amount or ₹1, whichever is larger. Rounding of a vendor's own invoice
 * (per line, or to the rupee) stays inside it; a wrong digit or a missing line does not.
 */
export const INVOICE_TOLERANCE = { basisPoints: 100, minimumPaise: 100 } as const;

export interface InvoiceCheck {
  /** invoice − expected (positive: the invoice asks for more). */
  differencePaise: Paise;
  tolerancePaise: Paise;
  /** |difference| > tolerance: the screen warns before sending. */
  beyondTolerance: boolean;
}

/** The invoice against the expected amount, both in paise (>= 0). */
export function checkInvoiceAmount(invoicePaise: Paise, expectedPaise: Paise): InvoiceCheck {
  if (invoicePaise < 0 || expectedPaise < 0) throw new RangeError('Amounts must not be negative');
  const share = expectedPaise === 0 ? 0 : mulDivRound(expectedPaise, INVOICE_TOLERANCE.basisPoints, 10_000);
  const tolerancePaise = Math.max(INVOICE_TOLERANCE.minimumPaise, share);
  const differencePaise = sumPaise([invoicePaise, -expectedPaise]);
  return { differencePaise, tolerancePaise, beyondTolerance: Math.abs(differencePaise) > tolerancePaise };
}
