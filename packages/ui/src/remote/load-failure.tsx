import { ApiError, errorMessage } from '@erp/sdk';
import { EmptyState, ErrorPanel, PageHeader, type IconName } from '@erp/ui';
import type { ReactNode } from 'react';

/** A record the path names does not exist: 404, or 400 for a path whose id is not an id at all (/po/xyz). */
export const isMissing = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

export interface LoadFailureProps {
  /** The page's title while its record cannot be shown. */
  title: string;
  /** The link back (to the list), in the header and under the not-found text. */
  back?: ReactNode;
  error: unknown;
  /** The not-found state: its icon and the module's words. */
  icon: IconName;
  notFound: { title: string; description: string };
  /** Any other failure: its title, and what the message adds (e.g. that what was typed is kept). */
  errorTitle: string;
  errorNote?: string;
  onRetry: () => void;
  /** Which errors mean the record does not exist; default isMissing (404 or 400). */
  missing?: (error: unknown) => boolean;
}

/** Only a 404 means the record does not exist (a service that answers 400 for a bad id shows that as an error). */
export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

/** A detail page whose record could not be read: not found (with the way back), or the error with Retry. */
export function LoadFailure(p: LoadFailureProps) {
  return (
    <>
      <PageHeader title={p.title} actions={p.back} />
      {(p.missing ?? isMissing)(p.error) ? (
        <EmptyState
          icon={p.icon}
          title={p.notFound.title}
          description={p.notFound.description}
          action={p.back}
        />
      ) : (
        <ErrorPanel
          title={p.errorTitle}
          message={p.errorNote ? `${errorMessage(p.error)} ${p.errorNote}` : errorMessage(p.error)}
          onRetry={p.onRetry}
        />
      )}
    </>
  );
}
