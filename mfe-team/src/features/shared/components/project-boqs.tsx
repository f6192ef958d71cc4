import { can } from '@erp/contracts';
import { errorMessage } from '@erp/sdk';
import { formatDate, Icon, Link, Skeleton, theme } from '@erp/ui';
import { useCurrentUser } from '@erp/ui/remote';
import styled from 'styled-components';
import { useProjectBoqs } from '../api/get-boq-list';
import { revisionLabel } from '../hooks/boq-format';
import { BoqStatusBadge } from './boq-status-badge';

/** How many of a project's BOQs its page lists before 'View all'. */
export const PROJECT_BOQS_SHOWN = 5;

const List = styled.ul`
  list-style: none;
  margin: 0.75rem 0 0;
  padding: 0;
  display: grid;
  gap: 0.5rem;
`;

const Row = styled.li`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  justify-content: space-between;
  padding: 0.5rem 0.75rem;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.md};
  & > span {
    display: grid;
    min-width: 0;
  }
  & a {
    font-weight: 500;
    color: ${theme.color.foreground};
    overflow-wrap: anywhere;
  }
  & a:hover {
    text-decoration: underline;
  }
  & small {
    color: ${theme.color.mutedForeground};
    font-size: 0.8125rem;
  }
`;

const Links = styled.p`
  display: flex;
  gap: 1rem;
  flex-wrap: wrap;
  margin: 0.75rem 0 0;
  font-size: 0.875rem;
  & a {
    display: inline-flex;
    align-items: center;
    gap: 0.25rem;
    color: ${theme.color.primary};
    text-decoration: underline;
    text-underline-offset: 2px;
  }
`;

const Note = styled.p`
  color: ${theme.color.mutedForeground};
  font-size: 0.875rem;
  margin: 0.75rem 0 0;
`;

/** The project detail's BoQs card body: the project's BOQs (newest first), each to its page, and Create BOQ. */
export function ProjectBoqs({ projectId, projectName }: { projectId: string; projectName: string }) {
  const user = useCurrentUser();
  const canRead = can(user, 'team', 'boqList', 'read');
  const canCreate = can(user, 'team', 'addBoq', 'write');
  const boqs = useProjectBoqs(projectId, canRead);
  const create = canCreate && (
    <Link to={`/boq/create?project=${encodeURIComponent(projectId)}`}>
      <Icon name="plus" />
      Create BOQ
    </Link>
  );

  if (!canRead) return create ? <Links>{create}</Links> : null;
  if (boqs.isPending)
    return <Skeleton $height="3rem" style={{ marginTop: '0.75rem' }} aria-label="Loading BOQs" />;
  if (boqs.isError) return <Note role="alert">Could not load the BOQs: {errorMessage(boqs.error)}</Note>;

  const { result, totalItems } = boqs.data;
  const shown = result.slice(0, PROJECT_BOQS_SHOWN);
  return (
    <>
      {shown.length > 0 ? (
        <List aria-label={`BOQs of ${projectName}`}>
          {shown.map((b) => (
            <Row key={b._id}>
              <span>
                <Link to={`/boq/${encodeURIComponent(b._id)}`}>{b.name}</Link>
                <small>
                  {b.boqId}
                  {b.revision > 1 && ` · ${revisionLabel(b.revision)}`} ·{' '}
                  {b.itemCount === 1 ? '1 item' : `${b.itemCount} items`} · {formatDate(b.createdAt)}
                </small>
              </span>
              <BoqStatusBadge status={b.status} />
            </Row>
          ))}
        </List>
      ) : (
        <Note>No BOQs for this project yet.</Note>
      )}
      <Links>
        {totalItems > shown.length && (
          <Link to={`/boq/list?projectId=${encodeURIComponent(projectId)}`}>View all {totalItems} BOQs</Link>
        )}
        {totalItems > 0 && totalItems <= shown.length && (
          <Link to={`/boq/list?projectId=${encodeURIComponent(projectId)}`}>Open in BOQ List</Link>
        )}
        {create}
      </Links>
    </>
  );
}
