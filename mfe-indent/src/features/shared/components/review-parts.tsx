/**
 * What the compare and approval screens share around their item cards: the top of the page (header,
 * facts, the conflict and moved-on banners) and the item cards drawn a batch at a time.
 */
import type { IndentCompare, IndentLine } from '@erp/contracts';
import { Button, Icon, LinkButton, PageHeader, Spinner } from '@erp/ui';
import type { ReactNode } from 'react';
import { useProgressiveCount } from '../hooks/use-progressive';
import { IndentFacts } from './indent-facts';
import { IndentStatusBadge } from './indent-status-badge';
import { Banner } from './item-parts';
import { ItemsColumn, ItemsToCome } from './layout';

export interface ReviewHeaderProps {
  title: string;
  description: string;
  indent: IndentCompare;
  /** The indent is being read again: a spinner by the title. */
  refetching: boolean;
  /** Where 'Back to …' goes. */
  queue: { to: string; label: string };
  /** A conflict's message (someone else changed the indent); Reload reads it again. */
  stale: string | null;
  onReload: () => void;
  /** Why the indent can no longer be worked on here (it has moved on), or null. */
  movedOn: string | null;
}

/** The page's header, the indent's facts, then the conflict and moved-on banners. */
export function ReviewHeader({
  title,
  description,
  indent,
  refetching,
  queue,
  stale,
  onReload,
  movedOn,
}: ReviewHeaderProps) {
  return (
    <>
      <PageHeader
        title={
          <>
            {title}
            {refetching && <Spinner label="Refreshing" />}
          </>
        }
        description={description}
        badge={<IndentStatusBadge status={indent.status} />}
        actions={
          <LinkButton to={queue.to} variant="outline">
            <Icon name="arrowLeft" />
            {queue.label}
          </LinkButton>
        }
      />
      <IndentFacts indent={indent} />
      {stale && (
        <Banner $tone="error" role="alert">
          <p>{stale}</p>
          <Button variant="outline" size="sm" onClick={onReload}>
            <Icon name="refresh" />
            Reload
          </Button>
        </Banner>
      )}
      {movedOn && (
        <Banner $tone="info" role="status">
          <p>{movedOn}.</p>
          <LinkButton to={`/indent/${encodeURIComponent(indent._id)}`} variant="outline" size="sm">
            <Icon name="eye" />
            View Indent
          </LinkButton>
        </Banner>
      )}
    </>
  );
}

/** The item cards: a first batch at once, the rest over the next frames, the page keeping its length. */
export function ProgressiveItems({
  lines,
  card,
}: {
  lines: readonly IndentLine[];
  card: (line: IndentLine, index: number) => ReactNode;
}) {
  const shown = useProgressiveCount(lines.length);
  return (
    <ItemsColumn aria-busy={shown < lines.length || undefined}>
      {lines.slice(0, shown).map(card)}
      <ItemsToCome count={lines.length - shown} />
    </ItemsColumn>
  );
}
