import type { Boq } from '@erp/contracts';
import { EmptyState, formatDate, formatINR, formatNumber, Link } from '@erp/ui';
import { Fact, FactGrid, SectionCard, TextsCard } from '@erp/ui/remote';
import styled from 'styled-components';
import { actorName } from '../../shared/hooks/boq-format';
import { BoqLinesTable } from './boq-lines-table';

/** The project (a name and a code) gets the most room; the total amount never breaks. */
const FACT_COLUMNS = 'minmax(0, 1.5fr) repeat(3, minmax(0, 1fr)) minmax(max-content, 1.25fr)';

const Facts = styled(FactGrid)`
  margin-bottom: 1rem;
`;

/** The BOQ's facts above its sections: project, when and by whom it was made, its size and total. */
export function BoqFacts({ boq: b }: { boq: Boq }) {
  return (
    <Facts columns={FACT_COLUMNS} mediumColumns={3}>
      <Fact label="Project" wide detail={b.projectId.projectCode}>
        <Link to={`/team/project/${encodeURIComponent(b.projectId._id)}`}>{b.projectId.name}</Link>
      </Fact>
      <Fact label="Created Date">{formatDate(b.createdAt)}</Fact>
      <Fact label="Created By">{actorName(b.createdBy)}</Fact>
      <Fact label="Total Items">{formatNumber(b.items.length)}</Fact>
      <Fact label="Total Amount">
        <span style={{ whiteSpace: 'nowrap' }}>{formatINR(b.totalAmount)}</span>
      </Fact>
    </Facts>
  );
}

/** The BOQ's description and notes, when it has either. */
export function BoqTextCard({ boq: b }: { boq: Boq }) {
  if (!b.description && !b.notes) return null;
  return (
    <TextsCard
      label="Description and notes"
      texts={[
        { label: 'Description', text: b.description },
        { label: 'Notes', text: b.notes },
      ]}
    />
  );
}

/** The BOQ's lines with planned, consumed and balance (or how to add some to an empty draft). */
export function BoqItemsCard({ boq: b }: { boq: Boq }) {
  return (
    <SectionCard
      titleId="boq-items"
      title="Items"
      description="Planned quantities, what goods receipts have consumed, and the balance"
    >
      {b.items.length > 0 ? (
        <BoqLinesTable lines={b.items} />
      ) : (
        <EmptyState
          icon="inbox"
          title="No items added yet."
          description="Edit the draft to add its estimate items."
        />
      )}
    </SectionCard>
  );
}
