import { can, type Boq } from '@erp/contracts';
import { ApiError, errorMessage } from '@erp/sdk';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  ConfirmDialog,
  EmptyState,
  ErrorPanel,
  formatDate,
  formatINR,
  formatNumber,
  Icon,
  Link,
  LinkButton,
  PageHeader,
  Spinner,
  theme,
  toast,
  useNavigate,
} from '@erp/ui';
import { Fact, FactGrid, PageSkeleton, useCurrentUser } from '@erp/ui/remote';
import { useState } from 'react';
import styled from 'styled-components';
import { useExportBoq, useReviseBoq } from '../api/change-boq';
import { useBoq } from '../../shared/api/get-boq';
import { actorName, boqNumberLabel, revisionLabel } from '../../shared/hooks/boq-format';
import { BoqLinesTable } from './boq-lines-table';
import { BoqStatusBadge } from '../../shared/components/boq-status-badge';
import { DeleteBoqDialog } from './delete-boq-dialog';

/** The project (a name and a code) gets the most room; the total amount never breaks. */
const FACT_COLUMNS = 'minmax(0, 1.5fr) repeat(3, minmax(0, 1fr)) minmax(max-content, 1.25fr)';

const Facts = styled(FactGrid)`
  margin-bottom: 1rem;
`;

const Sections = styled.div`
  display: grid;
  gap: 1rem;
`;

const Text = styled.p`
  margin: 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  & + & {
    margin-top: 0.75rem;
  }
  & > strong {
    display: block;
    font-size: 0.8125rem;
    color: ${theme.color.mutedForeground};
    font-weight: 500;
  }
`;

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

const backToList = (
  <LinkButton to="/boq/list" variant="outline">
    <Icon name="arrowLeft" />
    Back to BOQ List
  </LinkButton>
);

/** What the page says above the items when this revision is not the one in force. */
function RevisionNotice({ boq }: { boq: Boq }) {
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

/** /boq/{boqId} (SPEC §5 "BOQ detail"): the BOQ's facts, its lines with planned, consumed and balance, its revisions. */
export function BoqDetailPage({ id }: { id: string }) {
  const user = useCurrentUser();
  const allowed = can(user, 'team', 'boqList', 'read');
  // The service changes BOQs for Add BOQ write (editing, deleting and revising alike).
  const canWrite = can(user, 'team', 'addBoq', 'write');
  const navigate = useNavigate();
  const boq = useBoq(allowed ? id : '');
  const revise = useReviseBoq();
  const exporting = useExportBoq();
  const [confirmRevise, setConfirmRevise] = useState(false);
  const [deleting, setDeleting] = useState(false);

  if (!allowed) {
    return (
      <>
        <PageHeader title="BOQ" />
        <EmptyState icon="lock" title="Access denied" description="You don't have permission to view BOQs." />
      </>
    );
  }
  if (boq.isPending) return <PageSkeleton />;
  if (boq.isError) {
    // 400: the path's id is not an id at all (/boq/xyz), as missing as a 404.
    const notFound = boq.error instanceof ApiError && (boq.error.status === 404 || boq.error.status === 400);
    return (
      <>
        <PageHeader title="BOQ" actions={backToList} />
        {notFound ? (
          <EmptyState
            icon="file"
            title="BOQ Not Found"
            description="The requested BOQ could not be found."
            action={backToList}
          />
        ) : (
          <ErrorPanel
            title="Could not load this BOQ"
            message={errorMessage(boq.error)}
            onRetry={() => void boq.refetch()}
          />
        )}
      </>
    );
  }

  const b = boq.data;
  // A number has one draft revision at a time (decision 0016): it is opened rather than made again.
  const draftRevision =
    b.status === 'confirmed'
      ? b.revisions.find((r) => r.revision > b.revision && r.status === 'draft')
      : undefined;
  const nextRevision = Math.max(...b.revisions.map((r) => r.revision), b.revision) + 1;

  const runRevise = () =>
    revise.mutate(b._id, {
      onSuccess: ({ message, boq: draft }) => {
        setConfirmRevise(false);
        toast({
          title: message,
          description: `${draft.name} (${boqNumberLabel(draft)}) is a draft`,
          variant: 'success',
        });
        void navigate(`/boq/edit/${encodeURIComponent(draft._id)}`);
      },
      onError: (error) => {
        setConfirmRevise(false);
        toast({
          title: 'Could not revise the BOQ',
          description: errorMessage(error),
          variant: 'destructive',
        });
      },
    });

  const runExport = () =>
    exporting.mutate(
      { id: b._id, boqId: b.boqId },
      {
        onError: (error) =>
          toast({
            title: 'Could not export the BOQ',
            description: errorMessage(error),
            variant: 'destructive',
          }),
      },
    );

  return (
    <>
      <PageHeader
        title={b.name}
        description={boqNumberLabel(b)}
        badge={<BoqStatusBadge status={b.status} />}
        actions={
          <>
            {backToList}
            <Button variant="outline" onClick={runExport} disabled={exporting.isPending}>
              {exporting.isPending ? <Spinner /> : <Icon name="file" />}
              Export to Excel
            </Button>
            {canWrite && b.status === 'draft' && (
              <>
                <Button variant="outline" onClick={() => setDeleting(true)}>
                  <Icon name="trash" />
                  Delete
                </Button>
                <LinkButton to={`/boq/edit/${encodeURIComponent(b._id)}`}>
                  <Icon name="pencil" />
                  Edit
                </LinkButton>
              </>
            )}
            {canWrite && b.status === 'confirmed' && !draftRevision && (
              <Button onClick={() => setConfirmRevise(true)}>
                <Icon name="refresh" />
                Revise
              </Button>
            )}
            {canWrite && draftRevision && (
              <LinkButton to={`/boq/edit/${encodeURIComponent(draftRevision._id)}`}>
                <Icon name="pencil" />
                Edit Draft Revision
              </LinkButton>
            )}
          </>
        }
      />
      <RevisionNotice boq={b} />
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
      <Sections>
        {(b.description || b.notes) && (
          <Card as="section" aria-label="Description and notes">
            <CardContent style={{ paddingTop: '1.25rem' }}>
              {b.description && (
                <Text>
                  <strong>Description</strong>
                  {b.description}
                </Text>
              )}
              {b.notes && (
                <Text>
                  <strong>Notes</strong>
                  {b.notes}
                </Text>
              )}
            </CardContent>
          </Card>
        )}
        <Card as="section" aria-labelledby="boq-items">
          <CardHeader>
            <CardTitle id="boq-items" as="h2">
              Items
            </CardTitle>
            <CardDescription>
              Planned quantities, what goods receipts have consumed, and the balance
            </CardDescription>
          </CardHeader>
          <CardContent>
            {b.items.length > 0 ? (
              <BoqLinesTable lines={b.items} />
            ) : (
              <EmptyState
                icon="inbox"
                title="No items added yet."
                description="Edit the draft to add its estimate items."
              />
            )}
          </CardContent>
        </Card>
        {b.revisions.length > 1 && (
          <Card as="section" aria-labelledby="boq-revisions">
            <CardHeader>
              <CardTitle id="boq-revisions" as="h2">
                Revisions
              </CardTitle>
              <CardDescription>Every revision of {b.boqId}, newest first</CardDescription>
            </CardHeader>
            <CardContent>
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
            </CardContent>
          </Card>
        )}
      </Sections>
      <ConfirmDialog
        open={confirmRevise}
        title="Revise this BOQ?"
        description={`A new draft revision (Rev ${nextRevision}) of ${b.boqId} is made with the same items for you to change. This confirmed revision stays in force until the new revision is confirmed.`}
        confirmLabel={revise.isPending ? 'Creating revision...' : 'Create Revision'}
        busy={revise.isPending}
        onConfirm={runRevise}
        onCancel={() => setConfirmRevise(false)}
      />
      <DeleteBoqDialog
        boq={deleting ? b : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => void navigate('/boq/list')}
      />
    </>
  );
}
