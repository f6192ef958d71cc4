import type { PurchaseOrder } from '@erp/contracts';
import { formatDate, formatINR, Icon, Link } from '@erp/ui';
import { Fact, FactGrid } from '@erp/ui/remote';
import styled from 'styled-components';
import { actorName } from '../../shared/hooks/po-format';

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
  const locked = (
    <>
      <Locked>
        <Icon name="lock" size={12} aria-hidden="true" />
        Unit prices locked on Admin approval
      </Locked>
      {fleet > 0 && (
        <small>
          Includes fleet cost {formatINR(po.fleet.amount)} + GST {formatINR(po.fleet.gst)}
        </small>
      )}
    </>
  );
  const indent = <Link to={`/indent/${encodeURIComponent(po.indentId._id)}`}>{po.indentId.indentId}</Link>;
  return (
    <FactGrid aria-label="Purchase order details" columns="repeat(3, minmax(0, 1fr))">
      <Fact label="Amount" figure wide detail={locked}>
        {formatINR(po.amount)}
      </Fact>
      <Fact label="Vendor">{po.vendor.name}</Fact>
      <Fact label="From BoQ" detail={po.boqId.name}>
        {po.boqId.boqId}
      </Fact>
      <Fact label="Project" wide detail={po.projectId.projectCode}>
        <Link to={`/team/project/${encodeURIComponent(po.projectId._id)}`}>{po.projectId.name}</Link>
      </Fact>
      <Fact label="Order Date" detail={<>Indent {indent}</>}>
        {formatDate(po.orderDate)}
      </Fact>
      <Fact label="Approved by">{actorName(po.approvedBy)}</Fact>
    </FactGrid>
  );
}
