import type { LedgerSummary } from '@erp/contracts';
import { Link } from '@erp/ui';
import { Fact, FactGrid } from '@erp/ui/remote';
import { balanceParts, formatLedgerDate } from '../hooks/ledger-format';
import { Rupees } from './rupees';

export interface LedgerSummaryCardsProps {
  summary: LedgerSummary;
  /** The overbilling queue filtered to this vendor. */
  overbillingPath: string;
}

/** The summary cards (SPEC §2 "Vendor ledger detail"): Outstanding, Paid, Credit Notes, Open Overbilling (count and amount). */
export function LedgerSummaryCards({ summary, overbillingPath }: LedgerSummaryCardsProps) {
  const open = summary.openOverbilling;
  // Paid beyond what was owed: the card says so ('Advance to Vendor') instead of a negative outstanding.
  const balance = balanceParts(summary.outstanding);
  const lastActivity = summary.lastActivity
    ? `Last activity ${formatLedgerDate(summary.lastActivity)}`
    : 'No activity yet';
  const billed = (
    <>
      of <Rupees value={summary.ordered + summary.overbillApproved} /> billed
    </>
  );
  const openCases =
    open.count > 0 ? (
      <>
        <Rupees value={open.amount} /> awaiting a decision · <Link to={overbillingPath}>Review</Link>
      </>
    ) : (
      'No open cases'
    );
  return (
    <FactGrid aria-label="Ledger summary" columns="repeat(4, minmax(0, 1fr))">
      <Fact label={balance.label} figure detail={lastActivity}>
        <Rupees value={balance.amount} />
      </Fact>
      <Fact label="Paid" figure detail={billed}>
        <Rupees value={summary.paid} />
      </Fact>
      <Fact label="Credit Notes" figure>
        <Rupees value={summary.creditNotes} />
      </Fact>
      <Fact label="Open Overbilling" figure detail={openCases}>
        {open.count}
      </Fact>
    </FactGrid>
  );
}
