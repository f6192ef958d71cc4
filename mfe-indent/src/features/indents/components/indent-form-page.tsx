import { INDENT_MESSAGES, type Indent } from '@erp/contracts';
import { errorMessage } from '@erp/sdk';
import { EmptyState, ErrorPanel, Icon, LinkButton, PageHeader, useNavigate } from '@erp/ui';
import { isMissing, PageSkeleton, useCurrentUser } from '@erp/ui/remote';
import { useMemo, useRef, useState } from 'react';
import { useIndent } from '../api/get-indent';
import { IndentStatusBadge } from '../../shared/components/indent-status-badge';
import { ReworkNotice } from '../../shared/components/rework-notice';
import { canCreateIndents, canWriteIndents } from '../../shared/hooks/indent-access';
import { indentStatusLabel } from '../../shared/hooks/indent-format';
import { emptyIndentValues, indentToValues } from '../hooks/indent-form-values';
import { IndentForm } from './indent-form';

const LIST = '/indent/list';

const backTo = (label: string) => (
  <LinkButton to={LIST} variant="outline">
    <Icon name="arrowLeft" />
    {label}
  </LinkButton>
);

/**
 * /indent/create and /indent/edit/{id}: loads the draft (edit), refuses what may not be edited, and
 * after a draft is saved shows it at its new version (the create page moves to the new draft's edit page).
 */
export function IndentFormPage({ id }: { id: string | null }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const canWrite = id ? canWriteIndents(user) : canCreateIndents(user);
  const query = useIndent(id ?? '', { enabled: canWrite && Boolean(id) });
  // The draft as first read, then as each save answered: the form is made again only for our own
  // saves (a new version), never because a background refresh brought other data.
  const first = useRef<Indent | null>(null);
  if (!first.current && query.data) first.current = query.data;
  const [saved, setSaved] = useState<Indent | null>(null);
  const record = saved ?? first.current;
  const initial = useMemo(() => (record ? indentToValues(record) : emptyIndentValues()), [record]);
  const title = id ? 'Edit Indent' : 'Create Indent';

  if (!canWrite) {
    return (
      <>
        <PageHeader title={title} />
        <EmptyState
          icon="lock"
          title="Access denied"
          description="You don't have permission to create or edit indents."
          action={backTo('Back to Indent List')}
        />
      </>
    );
  }

  if (id) {
    if (!record) {
      if (query.isPending) return <PageSkeleton />;
      const notFound = isMissing(query.error);
      return (
        <>
          <PageHeader title={title} />
          {notFound ? (
            <EmptyState
              icon="clipboard"
              title={INDENT_MESSAGES.notFound}
              description={INDENT_MESSAGES.notFoundDetail}
              action={backTo('Back to BoQ List')}
            />
          ) : (
            <ErrorPanel
              title="Could not load this indent"
              message={errorMessage(query.error)}
              onRetry={() => void query.refetch()}
            />
          )}
        </>
      );
    }
    if (record.status !== 'draft') {
      return (
        <>
          <PageHeader title={title} badge={<IndentStatusBadge status={record.status} />} />
          <EmptyState
            icon="lock"
            title={`${record.indentId} · ${record.title}`}
            description={INDENT_MESSAGES.notDraft(indentStatusLabel(record.status))}
            action={
              <>
                {backTo('Back to Indent List')}{' '}
                <LinkButton to={`/indent/${encodeURIComponent(record._id)}`} variant="outline">
                  <Icon name="eye" />
                  View Indent
                </LinkButton>
              </>
            }
          />
        </>
      );
    }
  }

  const onDraftSaved = (indent: Indent) => {
    if (!id) void navigate(`/indent/edit/${encodeURIComponent(indent._id)}`, { replace: true });
    else setSaved(indent);
  };

  return (
    <>
      <PageHeader
        title={title}
        badge={record ? <IndentStatusBadge status={record.status} /> : undefined}
        description={
          record
            ? `${record.indentId} · change the draft, save it, or send it for comparison`
            : 'Choose the project and its BOQ, then add the items the site needs'
        }
        actions={backTo('Back to Indent List')}
      />
      {record && (
        <ReworkNotice
          comment={record.reworkComment}
          history={record.history}
          advice="Change what was asked, then send it for comparison again."
        />
      )}
      <IndentForm
        key={record ? `${record._id}:${record.version}` : 'new'}
        indent={record}
        initial={initial}
        requester={record ? record.createdBy?.name || '—' : user.name}
        reload={id ? query.refetch : undefined}
        onDraftSaved={onDraftSaved}
      />
    </>
  );
}
