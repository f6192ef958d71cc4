import type { PurchaseOrder } from '@erp/contracts';
import { Card, formatDate, formatINR, Icon, Link, theme } from '@erp/ui';
import styled from 'styled-components';
import { actorName } from '../hooks/po-format';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 1rem;
  margin: 0 0 1.25rem;
  @media (max-width: 1100px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${theme.media.mobile} {
    gap: 0.75rem;
    & > .wide {
      grid-column: 1 / -1;
    }
  }
`;

const Fact = styled(Card)`
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
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  & a {
    color: ${theme.color.primary};
    text-decoration: underline;
    text-underline-offset: 2px;
  }
  & small {
    display: block;
    font-weight: 400;
    color: ${theme.color.mutedForeground};
    font-size: 0.8125rem;
  }
  ${theme.media.mobile} {
    padding: 0.75rem 1rem;
  }
`;

const Amount = styled.dd`
  && {
    font-size: 1.375rem;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
`;

const Locked = styled.small`
  && {
    display: inline-flex;
    align-items: center;
    gap: 0.25rem;
  }
`;

/**
 * SPEC §2 "PO details": the header's facts: the amount with 'Unit prices locked on Admin approval',
 * the vendor, From BoQ (number and name), the project, the indent, the order date and who approved.
 */
export function PoFacts({ po }: { po: PurchaseOrder }) {
  const fleet = po.fleet.amount + po.fleet.gst;
  return (
    <Facts aria-label="Purchase order details">
      <Fact className="wide">
        <dt>Amount</dt>
        <Amount>{formatINR(po.amount)}</Amount>
        <dd>
          <Locked>
            <Icon name="lock" size={12} aria-hidden="true" />
            Unit prices locked on Admin approval
          </Locked>
          {fleet > 0 && (
            <small>
              Includes fleet cost {formatINR(po.fleet.amount)} + GST {formatINR(po.fleet.gst)}
            </small>
          )}
        </dd>
      </Fact>
      <Fact>
        <dt>Vendor</dt>
        <dd>{po.vendor.name}</dd>
      </Fact>
      <Fact>
        <dt>From BoQ</dt>
        <dd>
          {po.boqId.boqId}
          {po.boqId.name && <small>{po.boqId.name}</small>}
        </dd>
      </Fact>
      <Fact className="wide">
        <dt>Project</dt>
        <dd>
          <Link to={`/team/project/${encodeURIComponent(po.projectId._id)}`}>{po.projectId.name}</Link>
          <small>{po.projectId.projectCode}</small>
        </dd>
      </Fact>
      <Fact>
        <dt>Order Date</dt>
        <dd>
          {formatDate(po.orderDate)}
          <small>
            Indent <Link to={`/indent/${encodeURIComponent(po.indentId._id)}`}>{po.indentId.indentId}</Link>
          </small>
        </dd>
      </Fact>
      <Fact>
        <dt>Approved by</dt>
        <dd>{actorName(po.approvedBy)}</dd>
      </Fact>
    </Facts>
  );
}
