import { BOQ_MESSAGES, BOQ_STATUS_LABELS, can } from '@erp/contracts';
import { ApiError, errorMessage } from '@erp/sdk';
import { Badge, EmptyState, ErrorPanel, Icon, LinkButton, PageHeader } from '@erp/ui';
import { PageSkeleton, useCurrentUser } from '@erp/ui/remote';
import { useMemo } from 'react';
import { useBoqToEdit } from '../api/get-boq';
import { useProjectOption } from '../api/search-projects';
import { boqToValues, emptyBoqValues } from '../hooks/boq-form-values';
import { BoqForm } from './boq-form';

const LIST = '/boq/list';

const backToList = (
  <LinkButton to={LIST} variant="outline">
    <Icon name="arrowLeft" />
    Back to BOQ List
  </LinkButton>
);

export interface BoqFormPageProps {
  /** The BOQ edited; null to create one. */
  boqId: string | null;
  /** `?project={id}`: the project a new BOQ starts with. */
  projectId: string | null;
}

/** /boq/create and /boq/edit/{boqId}: loads the BOQ (edit) or the project asked for (create), and applies who may write BOQs. */
export function BoqFormPage({ boqId, projectId }: BoqFormPageProps) {
  const user = useCurrentUser();
  const canWrite = boqId
    ? can(user, 'team', 'addBoq', 'write') || can(user, 'team', 'boqList', 'write')
    : can(user, 'team', 'addBoq', 'write');
  const boq = useBoqToEdit(canWrite ? boqId : null);
  const project = useProjectOption(canWrite && !boqId ? projectId : null);
  const initial = useMemo(
    () => (boq.data ? boqToValues(boq.data) : emptyBoqValues(project.data ?? null)),
    [boq.data, project.data],
  );
  const title = boqId ? 'Edit BOQ' : 'Create BOQ';

  if (!canWrite) {
    return (
      <>
        <PageHeader title={title} />
        <EmptyState
          icon="lock"
          title="Access denied"
          description="You don't have permission to create or edit BOQs."
          action={backToList}
        />
      </>
    );
  }

  if (boqId) {
    if (boq.isPending) return <PageSkeleton />;
    if (boq.isError) {
      const notFound = boq.error instanceof ApiError && boq.error.status === 404;
      return (
        <>
          <PageHeader title={notFound ? BOQ_MESSAGES.notFound : title} />
          {notFound ? (
            <EmptyState
              icon="clipboard"
              title={BOQ_MESSAGES.notFound}
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
    if (boq.data.status !== 'draft') {
      return (
        <>
          <PageHeader
            title={title}
            badge={<Badge variant="secondary">{BOQ_STATUS_LABELS[boq.data.status]}</Badge>}
          />
          <EmptyState
            icon="lock"
            title={`${boq.data.boqId} · ${boq.data.name}`}
            description={`${BOQ_MESSAGES.notDraft} This BOQ has status: ${BOQ_STATUS_LABELS[boq.data.status]}.`}
            action={
              <LinkButton to={`/boq/${boq.data._id}`} variant="outline">
                <Icon name="arrowLeft" />
                Back to BOQ
              </LinkButton>
            }
          />
        </>
      );
    }
  } else if (projectId && project.isPending) {
    return <PageSkeleton />;
  }

  const badge = boq.data ? <Badge variant="outline">{`${boq.data.boqId} · Draft`}</Badge> : undefined;
  return (
    <>
      <PageHeader
        title={title}
        badge={badge}
        description={
          boqId
            ? 'Change the draft, then save it again or confirm it'
            : 'Choose the project, describe the estimate and add its items'
        }
        actions={backToList}
      />
      <BoqForm boq={boq.data ?? null} initial={initial} reload={boqId ? boq.refetch : undefined} />
    </>
  );
}
