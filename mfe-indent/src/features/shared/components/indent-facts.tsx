import type { Indent } from '@erp/contracts';
import { Card, formatDate, formatNumber, formatRelative, Link, theme } from '@erp/ui';
import styled from 'styled-components';
import { actorName, formatDay } from '../hooks/indent-format';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, 1.5fr) repeat(3, minmax(0, 1fr));
  gap: 1rem;
  margin: 0 0 1.25rem;
  @media (max-width: 1100px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${theme.media.mobile} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
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
  return (
    <Facts aria-label="Indent details">
      <Fact className="wide">
        <dt>Project</dt>
        <dd>
          <Link to={`/team/project/${encodeURIComponent(indent.projectId._id)}`}>
            {indent.projectId.name}
          </Link>
          <small>
            {indent.projectId.projectCode}
            {indent.boqId.boqId &&
              ` · ${indent.boqId.boqId}${indent.boqId.name ? ` ${indent.boqId.name}` : ''}`}
          </small>
        </dd>
      </Fact>
      <Fact>
        <dt>Created By</dt>
        <dd>
          {actorName(indent.createdBy)}
          <small>{formatDate(indent.createdAt)}</small>
        </dd>
      </Fact>
      <Fact>
        <dt>Last Updated</dt>
        <dd>
          {formatDate(indent.updatedAt)}
          <small>{formatRelative(indent.updatedAt)}</small>
        </dd>
      </Fact>
      <Fact>
        <dt>Items</dt>
        <dd>
          {formatNumber(indent.itemCount)}
          {(indent.neededBy || indent.location) && (
            <small>
              {indent.neededBy ? `Needed by ${formatDay(indent.neededBy)}` : ''}
              {indent.neededBy && indent.location ? ' · ' : ''}
              {indent.location}
            </small>
          )}
        </dd>
      </Fact>
    </Facts>
  );
}
