import type { LedgerSummary } from '@erp/contracts';
import { Card, Link, theme } from '@erp/ui';
import styled from 'styled-components';
import { balanceParts, formatLedgerDate } from '../hooks/ledger-format';
import { Rupees } from './rupees';

const Cards = styled.dl`
  display: grid;
  grid-template-columns: repeat(4, minmax(0, 1fr));
  gap: 1rem;
  margin: 0 0 1.25rem;
  @media (max-width: 1100px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${theme.media.mobile} {
    gap: 0.75rem;
  }
`;

const SummaryCard = styled(Card)`
  padding: 1rem 1.25rem;
  display: grid;
  gap: 0.25rem;
  align-content: start;
  min-width: 0;
  & > dt {
    color: ${theme.color.mutedForeground};
    font-size: 0.8125rem;
  }
  & > dd {
    margin: 0;
    font-size: 1.375rem;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
    overflow-wrap: anywhere;
  }
  & > dd + dd {
    font-size: 0.8125rem;
    font-weight: 400;
    color: ${theme.color.mutedForeground};
  }
  & a {
    color: ${theme.color.primary};
    text-decoration: underline;
    text-underline-offset: 2px;
  }
  ${theme.media.mobile} {
    padding: 0.75rem 1rem;
    & > dd {
      font-size: 1.125rem;
    }
  }
`;

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
  return (
    <Cards aria-label="Ledger summary">
      <SummaryCard>
        <dt>{balance.label}</dt>
        <dd>
          <Rupees value={balance.amount} />
        </dd>
        <dd>
          {summary.lastActivity
            ? `Last activity ${formatLedgerDate(summary.lastActivity)}`
            : 'No activity yet'}
        </dd>
      </SummaryCard>
      <SummaryCard>
        <dt>Paid</dt>
        <dd>
          <Rupees value={summary.paid} />
        </dd>
        <dd>
          of <Rupees value={summary.ordered + summary.overbillApproved} /> billed
        </dd>
      </SummaryCard>
      <SummaryCard>
        <dt>Credit Notes</dt>
        <dd>
          <Rupees value={summary.creditNotes} />
        </dd>
      </SummaryCard>
      <SummaryCard>
        <dt>Open Overbilling</dt>
        <dd>{open.count}</dd>
        <dd>
          {open.count > 0 ? (
            <>
              <Rupees value={open.amount} /> awaiting a decision · <Link to={overbillingPath}>Review</Link>
            </>
          ) : (
            'No open cases'
          )}
        </dd>
      </SummaryCard>
    </Cards>
  );
}
