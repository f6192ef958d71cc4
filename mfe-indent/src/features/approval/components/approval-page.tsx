/**
 * /indent/approval/{id} (SPEC §2 "Approval review", §5 "Approval"): the approver reviews the
 * purchaser's vendors (and may change them, with a reason for a non-lowest one), sees the blockers,
 * the Over-BOQ lines and the POs with their fleet costs, and approves (which generates the POs) or
 * sends the indent back for rework.
 */
import {
  can,
  INDENT_MESSAGES,
  type IndentCompare,
  type IndentLine,
  type PreviewVendor,
} from '@erp/contracts';
import {
  Button,
  ConfirmDialog,
  EmptyState,
  formatDate,
  formatNumber,
  Icon,
  Spinner,
  toast,
  useIsMobile,
  useNavigate,
} from '@erp/ui';
import { useCurrentUser, useUnsavedChanges } from '@erp/ui/remote';
import { memo, useCallback, useMemo, useRef, useState } from 'react';
import { useIndentCompare } from '../../shared/api/get-indent-compare';
import { Banner } from '../../shared/components/item-parts';
import { ProgressiveItems, ReviewHeader } from '../../shared/components/review-parts';
import { screenGate } from '../../shared/components/screen-gate';
import { ActionBar, SideColumn, Workspace } from '../../shared/components/layout';
import { useChoices, useVendorChoices, type SelectionStore } from '../../shared/hooks/selection-store';
import { showChoicesSaveError } from '../../shared/hooks/choices-save-error';
import { useLatest, useSyncedStore } from '../../shared/hooks/use-synced-store';
import { PoPreviewPanel } from '../../shared/po-preview/po-preview-panel';
import { previewOf } from '../../shared/po-preview/preview-input';
import { actorName } from '../../shared/hooks/indent-format';
import { useApproveIndent } from '../api/approve-indent';
import { approvalBlockers, approvalBody, nonLowestCount, purchaserChoice } from '../hooks/approval-logic';
import { ApprovalItemCard } from './approval-item-card';
import { BlockersCard, showItem } from './blockers-card';
import { FleetEditor } from './fleet-editor';
import { ReworkCard } from './rework-card';

const QUEUE = { to: '/indent/approval', label: 'Back to Approval Queue' };

export function ApprovalReviewPage({ id }: { id: string }) {
  const user = useCurrentUser();
  const allowed = can(user, 'indent', 'approval', 'read');
  // The service lets only an Admin approve, send back or set fleet costs, whatever modules a member has (decision 0020).
  const canApprove = can(user, 'indent', 'approval', 'write') && user.role === 'Admin';
  const query = useIndentCompare(id, allowed);

  const gate = screenGate({
    title: 'Approval Review',
    allowed,
    deniedText: "You don't have permission to review indents for approval.",
    id,
    query,
    queue: QUEUE,
  });
  if (gate || !query.data) return gate;
  return (
    <ApprovalWorkspace
      indent={query.data}
      canApprove={canApprove}
      refetch={query.refetch}
      refetching={query.isFetching}
    />
  );
}

const ItemList = memo(function ItemList({
  lines,
  store,
  readOnly,
}: {
  lines: readonly IndentLine[];
  store: SelectionStore;
  readOnly: boolean;
}) {
  return (
    <ProgressiveItems
      lines={lines}
      card={(line, index) => (
        <ApprovalItemCard key={line.itemId} line={line} index={index} store={store} readOnly={readOnly} />
      )}
    />
  );
});

interface PreviewProps {
  store: SelectionStore;
  indent: IndentCompare;
  editable: boolean;
}

/** The PO Preview of the approver's vendors, with a fleet cost editor per vendor; recomputed once per vendor or fleet change. */
function ApprovalPreview({ store, indent, editable }: PreviewProps) {
  const vendors = useVendorChoices(store);
  const { items, fleet, _id } = indent;
  const preview = useMemo(
    () => previewOf(items, (itemId) => vendors.get(itemId), fleet),
    [items, vendors, fleet],
  );
  const savedFleet = useMemo(() => new Map(fleet.map((f) => [f.vendorId, f])), [fleet]);
  const vendorExtra = useCallback(
    (v: PreviewVendor) => {
      const saved = savedFleet.get(v.vendorId);
      // A new saved value remounts the editor with it.
      const key = `${v.vendorId}:${saved?.amount ?? 0}:${saved?.gst ?? 0}:${saved?.free ?? false}`;
      return (
        <FleetEditor
          key={key}
          indentId={_id}
          vendorId={v.vendorId}
          vendorName={v.vendorName}
          saved={saved}
          disabled={!editable}
        />
      );
    },
    [savedFleet, _id, editable],
  );
  return (
    <PoPreviewPanel
      preview={preview}
      vendorExtra={vendorExtra}
      description="One purchase order per vendor, generated on approval"
    />
  );
}

interface ApproveBarProps {
  store: SelectionStore;
  lines: readonly IndentLine[];
  pending: boolean;
  onApprove: () => void;
}

/** 'Approve & Generate POs', disabled while blockers exist; desktop only (the phone layout hides it, SPEC §2). */
function ApproveBar({ store, lines, pending, onApprove }: ApproveBarProps) {
  const phone = useIsMobile();
  const choices = useChoices(store);
  const blockers = useMemo(() => approvalBlockers(lines, choices), [lines, choices]);
  const nonLowest = useMemo(() => nonLowestCount(lines, choices), [lines, choices]);
  if (phone) {
    return (
      <Banner $tone="info" role="note">
        <p>
          Approval is done on a larger screen: open this indent on a computer or tablet to approve it. You can
          review the choices, set fleet costs and send it back from here.
        </p>
      </Banner>
    );
  }
  const n = blockers.length;
  return (
    <ActionBar role="group" aria-label="Approve">
      {n > 0 ? (
        <button
          type="button"
          className="hint problem"
          onClick={() => showItem(blockers[0]!.itemId)}
          style={{ background: 'none', border: 0, font: 'inherit', cursor: 'pointer', textAlign: 'left' }}
        >
          <Icon name="alert" size={14} />
          {INDENT_MESSAGES.resolveBlockers(n)}
        </button>
      ) : (
        <span className="hint" role="status">
          {nonLowest > 0
            ? `Ready to approve · ${formatNumber(nonLowest)} non-lowest ${nonLowest === 1 ? 'choice' : 'choices'} with reasons`
            : 'Ready to approve'}
        </span>
      )}
      <Button
        onClick={onApprove}
        disabled={pending || n > 0}
        aria-busy={pending || undefined}
        title={n > 0 ? INDENT_MESSAGES.resolveBlockers(n) : undefined}
      >
        {pending ? <Spinner /> : <Icon name="check" />}
        {pending ? 'Approving...' : 'Approve & Generate POs'}
      </Button>
    </ActionBar>
  );
}

interface ApprovalWorkspaceProps {
  indent: IndentCompare;
  canApprove: boolean;
  refetch: () => Promise<unknown>;
  refetching: boolean;
}

function ApprovalWorkspace({ indent, canApprove, refetch, refetching }: ApprovalWorkspaceProps) {
  const navigate = useNavigate();
  const { store, dirty, nextSync } = useSyncedStore(indent, purchaserChoice);
  const latest = useLatest(indent);
  const approve = useApproveIndent(indent._id);
  const [stale, setStale] = useState<string | null>(null);
  const leave = useUnsavedChanges(dirty && canApprove);
  const inApproval = indent.status === 'approval';
  const editable = canApprove && inApproval;

  // A second click before the button shows 'Approving...' must not send a second approval.
  const inFlight = useRef(false);
  const onApprove = () => {
    if (inFlight.current || approve.isPending) return;
    const choices = store.choices();
    const blockers = approvalBlockers(store.lines(), choices);
    if (blockers.length > 0) {
      toast({
        title: INDENT_MESSAGES.cannotApprove,
        description: INDENT_MESSAGES.resolveBlockers(blockers.length),
        variant: 'destructive',
      });
      return;
    }
    inFlight.current = true;
    approve.mutate(approvalBody(latest.current, choices), {
      onSettled: () => {
        inFlight.current = false;
      },
      onSuccess: () => {
        toast({ title: INDENT_MESSAGES.approved, variant: 'success' });
        leave.allowLeave();
        void navigate(`/indent/${encodeURIComponent(indent._id)}`);
      },
      onError: (error) => showChoicesSaveError(error, { nextSync, refetch, setStale }),
    });
  };

  const reload = () => {
    setStale(null);
    nextSync('reset');
    void refetch();
  };

  const sentBack = () => {
    leave.allowLeave();
    void navigate('/indent/approval');
  };

  const submitted = indent.submittedBy
    ? `Submitted by ${actorName(indent.submittedBy)}${indent.submittedAt ? ` on ${formatDate(indent.submittedAt)}` : ''}`
    : '';

  return (
    <>
      <ReviewHeader
        title="Approval Review"
        description={[`${indent.indentId} · ${indent.title}`, submitted].filter(Boolean).join(' · ')}
        indent={indent}
        refetching={refetching}
        queue={QUEUE}
        stale={stale}
        onReload={reload}
        movedOn={inApproval ? null : INDENT_MESSAGES.notInApproval}
      />
      {editable && (
        <ApproveBar store={store} lines={indent.items} pending={approve.isPending} onApprove={onApprove} />
      )}
      {indent.items.length === 0 ? (
        <EmptyState icon="inbox" title="No items on this indent" />
      ) : (
        <Workspace>
          <ItemList lines={indent.items} store={store} readOnly={!editable} />
          <SideColumn aria-label="Blockers, PO Preview and send-back">
            <BlockersCard store={store} lines={indent.items} />
            <ApprovalPreview store={store} indent={indent} editable={editable} />
            {editable && (
              <ReworkCard
                indentId={indent._id}
                version={indent.version}
                disabled={approve.isPending}
                onSentBack={sentBack}
                onConflict={setStale}
              />
            )}
          </SideColumn>
        </Workspace>
      )}
      <ConfirmDialog
        {...leave.dialog}
        title="Discard Changes?"
        description="Your changes to the vendor choices are not saved. Are you sure you want to leave without approving?"
        cancelLabel="Keep Editing"
        confirmLabel="Discard Changes"
        destructive
      />
    </>
  );
}
