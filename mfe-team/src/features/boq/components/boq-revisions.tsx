import type { Boq } from '@erp/contracts';
import { formatDate, Icon, Link, theme } from '@erp/ui';
import { SectionCard } from '@erp/ui/remote';
import styled from 'styled-components';
import { revisionLabel } from '../../shared/hooks/boq-format';
import { BoqStatusBadge } from '../../shared/components/boq-status-badge';

const Notice = styled.p`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  & > svg {
    flex-shrink: 0;
  }
  margin: 0 0 1rem;
  padding: 0.75rem 1rem;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.md};
  background: ${theme.color.muted};
  font-size: 0.875rem;
  & a {
    color: ${theme.color.primary};
    text-decoration: underline;
    text-underline-offset: 2px;
  }
`;

const Revisions = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.5rem;
  & > li {
    display: flex;
    align-items: center;
    gap: 0.75rem;
    flex-wrap: wrap;
    font-size: 0.875rem;
  }
  & a {
    color: ${theme.color.primary};
    text-decoration: underline;
    text-underline-offset: 2px;
    font-weight: 500;
  }
  & small {
    color: ${theme.color.mutedForeground};
  }
`;

/** What the page says above the items when this revision is not the one in force. */
export function RevisionNotice({ boq }: { boq: Boq }) {
  const newer = boq.revisions.filter((r) => r.revision > boq.revision);
  const draft = newer.find((r) => r.status === 'draft');
  const confirmed = newer.find((r) => r.status === 'confirmed');
  if (boq.status === 'superseded' && confirmed) {
    return (
      <Notice role="note">
        <Icon name="alert" />
        <span>
          This revision was replaced by{' '}
          <Link to={`/boq/${encodeURIComponent(confirmed._id)}`}>
            {revisionLabel(confirmed.revision) || 'the first revision'}
          </Link>
          , which is in force.
        </span>
      </Notice>
    );
  }
  if (boq.status === 'confirmed' && draft) {
    return (
      <Notice role="note">
        <Icon name="pencil" />
        <span>
          A draft revision (
          <Link to={`/boq/${encodeURIComponent(draft._id)}`}>{revisionLabel(draft.revision)}</Link>) is being
          prepared; this one stays in force until it is confirmed.
        </span>
      </Notice>
    );
  }
  return null;
}

/** Every revision of the BOQ's number, this one marked (shown once there is more than one). */
export function BoqRevisionsCard({ boq: b }: { boq: Boq }) {
  if (b.revisions.length <= 1) return null;
  return (
    <SectionCard
      titleId="boq-revisions"
      title="Revisions"
      description={<>Every revision of {b.boqId}, newest first</>}
    >
      <Revisions aria-label="Revisions">
        {b.revisions.map((r) => (
          <li key={r._id}>
            {r._id === b._id ? (
              <strong aria-current="page">Rev {r.revision}</strong>
            ) : (
              <Link to={`/boq/${encodeURIComponent(r._id)}`}>Rev {r.revision}</Link>
            )}
            <BoqStatusBadge status={r.status} />
            <small>{formatDate(r.createdAt)}</small>
            {r._id === b._id && <small>(this page)</small>}
          </li>
        ))}
      </Revisions>
    </SectionCard>
  );
}
