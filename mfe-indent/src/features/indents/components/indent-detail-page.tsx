import type { Indent } from '@erp/contracts';
import { INDENT_MESSAGES } from '@erp/contracts';
import { Button, EmptyState, Icon, LinkButton, PageHeader, Spinner, theme } from '@erp/ui';
import { isMissing, LoadFailure, PageSkeleton, SectionCard, TextsCard, useCurrentUser } from '@erp/ui/remote';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { useIndent } from '../api/get-indent';
import { IndentFacts } from '../../shared/components/indent-facts';
import { IndentStatusBadge } from '../../shared/components/indent-status-badge';
import { ReworkNotice } from '../../shared/components/rework-notice';
import {
  canCompareIndent,
  canEditIndent,
  canReadIndents,
  canReceivePos,
  canReviewIndent,
} from '../../shared/hooks/indent-access';
import { unitTotalsText } from '../../shared/hooks/indent-format';
import { IndentHistory } from './indent-history';
import { IndentLinesTable } from './indent-lines-table';
import { BoqPosPage } from './boq-pos-page';
import { IndentPosTable } from './indent-pos';

/** The POs are made over the bus within a moment of approval: ask again this often, for this long. */
const POLL_MS = 1500;
const POLL_FOR_MS = 30_000;

const Sections = styled.div`
  display: grid;
  gap: 1rem;
`;

const Waiting = styled.p`
  display: flex;
  align-items: center;
  gap: 0.625rem;
  flex-wrap: wrap;
  margin: 0;
  padding: 0.875rem 1rem;
  border: 1px dashed ${theme.color.border};
  border-radius: ${theme.radius.md};
  background: ${theme.color.muted};
  font-size: 0.875rem;
`;

const Total = styled.span`
  font-variant-numeric: tabular-nums;
`;

const backToList = (
  <LinkButton to="/indent/list" variant="outline">
    <Icon name="arrowLeft" />
    Back to Indent List
  </LinkButton>
);

const awaitingPos = (i: Indent) => i.status === 'approved' && i.pos.length === 0;

export interface IndentDetailPageProps {
  id: string;
  /** 'pos': opened as /indent/{id}/pos, the purchase orders brought into view and focused. */
  focus?: 'pos';
}

/**
 * The indent, asked for again every 1.5 s for up to 30 s right after approval while the PO service
 * makes its purchase orders; then `gaveUp` until the member checks again.
 */
function useIndentAwaitingPos(id: string, enabled: boolean) {
  const [gaveUp, setGaveUp] = useState(false);
  const gaveUpRef = useRef(gaveUp);
  gaveUpRef.current = gaveUp;
  const query = useIndent(id, {
    enabled,
    poll: (i) => awaitingPos(i) && !gaveUpRef.current,
    pollMs: POLL_MS,
  });
  const waiting = query.data ? awaitingPos(query.data) : false;
  useEffect(() => {
    if (!waiting || gaveUp) return;
    const timer = setTimeout(() => setGaveUp(true), POLL_FOR_MS);
    return () => clearTimeout(timer);
  }, [waiting, gaveUp]);
  const checkAgain = () => {
    setGaveUp(false);
    void query.refetch();
  };
  return { query, waiting, gaveUp, checkAgain };
}

/**
 * /indent/{id} and /indent/{id}/pos (SPEC §2 "Indent detail", "BoQ detail with generated POs"): the
 * header and facts, the send-back comment on a reworked draft, the lines, the purchase orders (asked
 * for again every 1.5 s for up to 30 s right after approval, while the PO service makes them) and the
 * status history; Edit, Compare or Review for whoever acts next.
 */
export function IndentDetailPage({ id, focus }: IndentDetailPageProps) {
  const user = useCurrentUser();
  const allowed = canReadIndents(user);
  const { query, waiting, gaveUp, checkAgain } = useIndentAwaitingPos(id, allowed);
  const posHeading = useRef<HTMLHeadingElement>(null);

  // /indent/{id}/pos: once the page is drawn, the purchase orders are what is on screen and focused.
  const loaded = query.data !== undefined;
  useEffect(() => {
    if (focus !== 'pos' || !loaded) return;
    const el = posHeading.current;
    if (!el) return;
    el.scrollIntoView({ block: 'start' });
    el.focus({ preventScroll: true });
  }, [focus, loaded]);

  if (!allowed) {
    return (
      <>
        <PageHeader title="Indent" />
        <EmptyState
          icon="lock"
          title="Access denied"
          description="You don't have permission to view indents."
        />
      </>
    );
  }
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) {
    // indent/{boqId}/pos (SPEC §2 "BoQ detail with generated POs"): not an indent, so a BOQ's id.
    if (isMissing(query.error) && focus === 'pos') return <BoqPosPage id={id} />;
    return (
      <LoadFailure
        title="Indent"
        back={backToList}
        error={query.error}
        icon="clipboard"
        notFound={{ title: INDENT_MESSAGES.notFound, description: INDENT_MESSAGES.notFoundDetail }}
        errorTitle="Could not load this indent"
        onRetry={() => void query.refetch()}
      />
    );
  }

  const indent = query.data;
  const showPos = indent.status === 'approved' || indent.pos.length > 0 || focus === 'pos';

  return (
    <>
      <IndentHeader indent={indent} />
      <IndentSections indent={indent}>
        {showPos && (
          <SectionCard
            titleId="indent-pos"
            title="Purchase Orders Generated"
            description="One purchase order per vendor, at the prices locked on approval"
            titleRef={posHeading}
          >
            <IndentPos indent={indent} waiting={waiting} gaveUp={gaveUp} onCheckAgain={checkAgain} />
          </SectionCard>
        )}
      </IndentSections>
    </>
  );
}

/** The title, status and number, with Edit, Compare or Review for whoever acts next. */
function IndentHeader({ indent }: { indent: Indent }) {
  const user = useCurrentUser();
  const target = encodeURIComponent(indent._id);
  return (
    <>
      <PageHeader
        title={indent.title || indent.indentId}
        badge={<IndentStatusBadge status={indent.status} />}
        description={indent.indentId}
        actions={
          <>
            {backToList}
            {canEditIndent(user, indent) && (
              <LinkButton to={`/indent/edit/${target}`}>
                <Icon name="pencil" />
                Edit
              </LinkButton>
            )}
            {canCompareIndent(user, indent) && (
              <LinkButton to={`/indent/compare/${target}`}>
                <Icon name="clipboard" />
                Compare
              </LinkButton>
            )}
            {canReviewIndent(user, indent) && (
              <LinkButton to={`/indent/approval/${target}`}>
                <Icon name="eye" />
                Review
              </LinkButton>
            )}
          </>
        }
      />
      {indent.status === 'draft' && (
        <ReworkNotice
          comment={indent.reworkComment}
          history={indent.history}
          advice={
            canEditIndent(user, indent) ? 'Edit the draft and send it for comparison again.' : undefined
          }
        />
      )}
      <IndentFacts indent={indent} />
    </>
  );
}

/** The purchase orders of the indent, or where their making stands. */
function IndentPos({
  indent,
  waiting,
  gaveUp,
  onCheckAgain,
}: {
  indent: Indent;
  waiting: boolean;
  gaveUp: boolean;
  onCheckAgain: () => void;
}) {
  const user = useCurrentUser();
  if (indent.pos.length > 0) return <IndentPosTable pos={indent.pos} canReceive={canReceivePos(user)} />;
  if (waiting && !gaveUp)
    return (
      <Waiting role="status">
        <Spinner size={14} />
        Generating purchase orders…
      </Waiting>
    );
  if (waiting)
    return (
      <Waiting role="status">
        <Icon name="alert" />
        The purchase orders are taking longer than usual.
        <Button variant="outline" size="sm" onClick={onCheckAgain}>
          <Icon name="refresh" />
          Check again
        </Button>
      </Waiting>
    );
  return (
    <Waiting role="status">
      <Icon name="inbox" />
      No purchase orders yet: they are generated when the indent is approved.
    </Waiting>
  );
}

/** Notes, the lines, then `children` (the purchase orders), then the status history. */
function IndentSections({ indent, children }: { indent: Indent; children: ReactNode }) {
  return (
    <Sections>
      {indent.notes && <TextsCard label="Notes" texts={[{ label: 'Notes', text: indent.notes }]} />}
      <SectionCard
        titleId="indent-items"
        title="Items"
        description={
          <>
            <Total>
              {indent.itemCount} {indent.itemCount === 1 ? 'item' : 'items'}
              {indent.quantityByUnit.length > 0 && ` · ${unitTotalsText(indent.quantityByUnit).all}`}
            </Total>
          </>
        }
      >
        {indent.items.length > 0 ? (
          <IndentLinesTable lines={indent.items} status={indent.status} />
        ) : (
          <EmptyState icon="inbox" title="No items added yet." />
        )}
      </SectionCard>
      {children}
      <SectionCard
        titleId="indent-history"
        title="History"
        description="Every change of status: who, when, and their comment"
      >
        {indent.history.length > 0 ? (
          <IndentHistory history={indent.history} />
        ) : (
          <EmptyState icon="inbox" title="No history yet." />
        )}
      </SectionCard>
    </Sections>
  );
}
