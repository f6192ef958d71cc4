/**
 * What the compare screen and the approval review show until the indent is there to work on: access
 * denied (with a way back to the indent list: the queue would refuse them too), not found ('Please
 * check the BoQ ID and try again.', SPEC §2), loading, or a load error with Retry. Null once ready.
 */
import { INDENT_MESSAGES, type IndentCompare } from '@erp/contracts';
import { ApiError, errorMessage } from '@erp/sdk';
import { EmptyState, ErrorPanel, Icon, LinkButton, PageHeader } from '@erp/ui';
import { PageSkeleton } from '@erp/ui/remote';
import type { ReactNode } from 'react';

/** An id that is no indent (404), or not an id at all (400). */
const isMissing = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

const back = (to: string, label: string) => (
  <LinkButton to={to} variant="outline">
    <Icon name="arrowLeft" />
    {label}
  </LinkButton>
);

export interface ScreenGate {
  title: string;
  allowed: boolean;
  deniedText: string;
  id: string;
  query: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    data: IndentCompare | undefined;
    refetch: () => unknown;
  };
  queue: { to: string; label: string };
}

export function screenGate({ title, allowed, deniedText, id, query, queue }: ScreenGate): ReactNode | null {
  if (!allowed) {
    return (
      <>
        <PageHeader title={title} actions={back('/indent/list', 'Back to Indent List')} />
        <EmptyState icon="lock" title="Access denied" description={deniedText} />
      </>
    );
  }
  const toQueue = back(queue.to, queue.label);
  if (!id || (query.isError && isMissing(query.error))) {
    return (
      <>
        <PageHeader title={title} actions={toQueue} />
        <EmptyState
          icon="file"
          title={INDENT_MESSAGES.notFound}
          description="Please check the BoQ ID and try again."
          action={toQueue}
        />
      </>
    );
  }
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) {
    return (
      <>
        <PageHeader title={title} actions={toQueue} />
        <ErrorPanel
          title="Could not load this indent"
          message={errorMessage(query.error)}
          onRetry={() => void query.refetch()}
        />
      </>
    );
  }
  return null;
}
