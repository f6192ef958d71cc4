import type { Indent } from '@erp/contracts';
import { formatDate, formatNumber, formatRelative, Link } from '@erp/ui';
import { Fact, FactGrid } from '@erp/ui/remote';
import { actorName, formatDay } from '../hooks/indent-format';

export type IndentFactsSource = Pick<
  Indent,
  | 'projectId'
  | 'boqId'
  | 'createdBy'
  | 'createdAt'
  | 'updatedAt'
  | 'itemCount'
  | 'totalQuantity'
  | 'neededBy'
  | 'location'
>;

/**
 * SPEC §2 "Indent detail": the header's facts (project, created by with the date, last updated, item
 * count) with the BOQ the indent draws on, the site and the needed-by date. The compare and approval
 * screens show the same.
 */
export function IndentFacts({ indent }: { indent: IndentFactsSource }) {
  const boq =
    indent.boqId.boqId && ` · ${indent.boqId.boqId}${indent.boqId.name ? ` ${indent.boqId.name}` : ''}`;
  const neededBy = indent.neededBy ? `Needed by ${formatDay(indent.neededBy)}` : '';
  return (
    <FactGrid aria-label="Indent details" columns="minmax(0, 1.5fr) repeat(3, minmax(0, 1fr))">
      <Fact
        label="Project"
        wide
        detail={
          <>
            {indent.projectId.projectCode}
            {boq}
          </>
        }
      >
        <Link to={`/team/project/${encodeURIComponent(indent.projectId._id)}`}>{indent.projectId.name}</Link>
      </Fact>
      <Fact label="Created By" detail={formatDate(indent.createdAt)}>
        {actorName(indent.createdBy)}
      </Fact>
      <Fact label="Last Updated" detail={formatRelative(indent.updatedAt)}>
        {formatDate(indent.updatedAt)}
      </Fact>
      <Fact label="Items" detail={[neededBy, indent.location].filter(Boolean).join(' · ')}>
        {formatNumber(indent.itemCount)}
      </Fact>
    </FactGrid>
  );
}
