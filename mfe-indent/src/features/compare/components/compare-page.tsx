/**
 * /indent/compare/{id} (SPEC §2 "Compare detail", §5 "Vendor selection (compare)"): the purchaser
 * picks a vendor per item (a reason when it is not the lowest), sees the POs it makes, saves, and
 * sends the indent for approval.
 */
import { can, INDENT_MESSAGES, type CompareBody, type IndentCompare, type IndentLine } from '@erp/contracts';
import {
  Button,
  ConfirmDialog,
  EmptyState,
  formatNumber,
  Icon,
  Spinner,
  toast,
  useIsMobile,
  useNavigate,
} from '@erp/ui';
import { useCurrentUser, useUnsavedChanges } from '@erp/ui/remote';
import { memo, useMemo, useRef, useState } from 'react';
import { PoPreviewPanel } from '../../shared/po-preview/po-preview-panel';
import { previewOf } from '../../shared/po-preview/preview-input';
import { useIndentCompare } from '../../shared/api/get-indent-compare';
import { useSaveCompare } from '../api/save-compare';
import {
  clearChoice,
  compareBody,
  compareHint,
  compareProblems,
  savedCompareChoice,
  selectedCount,
  selectLowest,
} from '../../shared/hooks/compare-logic';
import {
  useChoices,
  useVendorChoices,
  type SelectionStore,
  type SyncMode,
} from '../../shared/hooks/selection-store';
import { showChoicesSaveError } from '../../shared/hooks/choices-save-error';
import { useLatest, useSyncedStore } from '../../shared/hooks/use-synced-store';
import { CompareItemCard } from './compare-item-card';
import { ProgressiveItems, ReviewHeader } from '../../shared/components/review-parts';
import { screenGate } from '../../shared/components/screen-gate';
import { ActionBar, SideColumn, Toolbar, Workspace } from '../../shared/components/layout';

const QUEUE = { to: '/indent/compare', label: 'Back to Queue' };

export function CompareDetailPage({ id }: { id: string }) {
  const user = useCurrentUser();
  const allowed = can(user, 'indent', 'compare', 'read');
  // The service lets only a Purchaser or an Admin choose vendors, whatever modules a member has (decision 0020).
  const canWrite =
    can(user, 'indent', 'compare', 'write') && (user.role === 'Purchaser' || user.role === 'Admin');
  const query = useIndentCompare(id, allowed);

  const gate = screenGate({
    title: 'Compare Vendors',
    allowed,
    deniedText: "You don't have permission to compare vendor prices.",
    id,
    query,
    queue: QUEUE,
  });
  if (gate || !query.data) return gate;
  return (
    <CompareWorkspace
      indent={query.data}
      canWrite={canWrite}
      refetch={query.refetch}
      refetching={query.isFetching}
    />
  );
}

interface ItemListProps {
  lines: readonly IndentLine[];
  store: SelectionStore;
  showErrors: boolean;
  readOnly: boolean;
}

/** The item cards; re-rendered only when the lines or the error display change, not on a choice. */
const ItemList = memo(function ItemList({ lines, store, showErrors, readOnly }: ItemListProps) {
  return (
    <ProgressiveItems
      lines={lines}
      card={(line, index) => (
        <CompareItemCard
          key={line.itemId}
          line={line}
          index={index}
          store={store}
          showErrors={showErrors}
          readOnly={readOnly}
        />
      )}
    />
  );
});

/** The PO Preview of the chosen vendors: recomputed once per vendor change (a reason typed leaves it). */
function ComparePreview({
  store,
  lines,
  fleet,
}: {
  store: SelectionStore;
  lines: readonly IndentLine[];
  fleet: IndentCompare['fleet'];
}) {
  const vendors = useVendorChoices(store);
  const preview = useMemo(
    () => previewOf(lines, (itemId) => vendors.get(itemId), fleet),
    [lines, vendors, fleet],
  );
  return (
    <PoPreviewPanel
      preview={preview}
      description="One purchase order per vendor, with its saved fleet cost"
    />
  );
}

function SelectedCount({ store, lines }: { store: SelectionStore; lines: readonly IndentLine[] }) {
  const vendors = useVendorChoices(store);
  const { selected, selectable } = useMemo(
    () => selectedCount(lines, (itemId) => vendors.get(itemId)),
    [lines, vendors],
  );
  return (
    <span className="count" aria-live="polite">
      {formatNumber(selected)} of {formatNumber(selectable)} items selected
    </span>
  );
}

interface CompareActionsProps {
  store: SelectionStore;
  lines: readonly IndentLine[];
  pending: CompareBody['status'] | null;
  /** The member tried to save or send: problems show as errors from then on. */
  attempted: boolean;
  onSave: (status: CompareBody['status']) => void;
}

/**
 * Save Selections and Send for Approval. Send for Approval is disabled while a problem exists; on
 * desktop Save Selections stays enabled and checks on click, on phones it is disabled too (SPEC §5).
 */
function CompareActions({ store, lines, pending, attempted, onSave }: CompareActionsProps) {
  const phone = useIsMobile();
  const choices = useChoices(store);
  const problems = useMemo(() => compareProblems(lines, choices), [lines, choices]);
  const blocked = problems.length > 0;
  const busy = pending !== null;
  // Before an attempt, what is left to do in neutral words; red only once the member tried (decision 0037).
  const hint = compareHint(problems, attempted);
  return (
    <ActionBar role="group" aria-label="Save or send">
      {hint ? (
        <span className={hint.problem ? 'hint problem' : 'hint'} role="status">
          {hint.problem && <Icon name="alert" size={14} />}
          {hint.text}
        </span>
      ) : (
        <span className="hint" role="status">
          Every item is ready.
        </span>
      )}
      <Button
        variant="outline"
        onClick={() => onSave('compare')}
        disabled={busy || (phone && blocked)}
        aria-busy={pending === 'compare' || undefined}
      >
        {pending === 'compare' ? <Spinner /> : <Icon name="check" />}
        {pending === 'compare' ? 'Saving...' : 'Save Selections'}
      </Button>
      <Button
        onClick={() => onSave('approval')}
        disabled={busy || blocked}
        aria-busy={pending === 'approval' || undefined}
      >
        {pending === 'approval' ? <Spinner /> : <Icon name="arrowRight" />}
        {pending === 'approval' ? 'Sending...' : 'Send for Approval'}
      </Button>
    </ActionBar>
  );
}

interface CompareWorkspaceProps {
  indent: IndentCompare;
  canWrite: boolean;
  refetch: () => Promise<unknown>;
  refetching: boolean;
}

/**
 * Save Selections and Send for Approval: the problems first (a toast, the first item scrolled to,
 * errors shown from then on), then one request at a time; a 409 for changed prices shows the new
 * ones keeping the member's choices, another 409 offers a reload.
 */
function useCompareSave(
  indent: IndentCompare,
  store: SelectionStore,
  {
    nextSync,
    refetch,
    allowLeave,
  }: { nextSync: (mode: SyncMode) => void; refetch: () => Promise<unknown>; allowLeave: () => void },
) {
  const navigate = useNavigate();
  const latest = useLatest(indent);
  const save = useSaveCompare(indent._id);
  const [pending, setPending] = useState<CompareBody['status'] | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const [stale, setStale] = useState<string | null>(null);
  // A second click before the buttons show 'Saving...' must not send twice.
  const inFlight = useRef(false);
  const run = (status: CompareBody['status']) => {
    if (inFlight.current || pending) return;
    const choices = store.choices();
    const problems = compareProblems(store.lines(), choices);
    if (problems.length > 0) {
      setShowErrors(true);
      toast({ title: 'Validation Error', description: problems[0]!.message, variant: 'destructive' });
      document
        .querySelector(`[data-item="${CSS.escape(problems[0]!.itemId)}"]`)
        ?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      return;
    }
    setPending(status);
    inFlight.current = true;
    save.mutate(compareBody(latest.current, choices, status), {
      onSuccess: () => {
        store.markSaved(choices);
        setShowErrors(false);
        if (status === 'compare') {
          toast({ title: INDENT_MESSAGES.saved, variant: 'success' });
          return;
        }
        toast({ title: INDENT_MESSAGES.sentForApproval, variant: 'success' });
        allowLeave();
        void navigate('/indent/compare');
      },
      onError: (error) => showChoicesSaveError(error, { nextSync, refetch, setStale }),
      onSettled: () => {
        inFlight.current = false;
        setPending(null);
      },
    });
  };
  const reload = () => {
    setStale(null);
    setShowErrors(false);
    nextSync('reset');
    void refetch();
  };
  return { pending, showErrors, stale, run, reload };
}

/** Auto-select Lowest and Clear All, with how many items have a vendor. */
function CompareToolbar({
  store,
  lines,
  busy,
}: {
  store: SelectionStore;
  lines: readonly IndentLine[];
  busy: boolean;
}) {
  const autoSelect = () => {
    store.setMany(selectLowest);
    toast({
      title: 'Auto-selected',
      description: 'Lowest price vendors selected for all items',
      variant: 'info',
    });
  };
  const clearAll = () => {
    store.setMany(clearChoice);
    toast({ title: 'Cleared', description: 'All vendor selections cleared', variant: 'info' });
  };
  return (
    <Toolbar>
      <Button variant="outline" onClick={autoSelect} disabled={busy}>
        <Icon name="check" />
        Auto-select Lowest (All)
      </Button>
      <Button variant="outline" onClick={clearAll} disabled={busy}>
        <Icon name="x" />
        Clear All Selections
      </Button>
      <SelectedCount store={store} lines={lines} />
    </Toolbar>
  );
}

function CompareWorkspace({ indent, canWrite, refetch, refetching }: CompareWorkspaceProps) {
  const { store, dirty, nextSync } = useSyncedStore(indent, savedCompareChoice);
  const leave = useUnsavedChanges(dirty && canWrite);
  const { pending, showErrors, stale, run, reload } = useCompareSave(indent, store, {
    nextSync,
    refetch,
    allowLeave: leave.allowLeave,
  });
  const inCompare = indent.status === 'compare';
  const readOnly = !canWrite || !inCompare;

  return (
    <>
      <ReviewHeader
        title="Compare Vendors"
        description={`${indent.indentId} · ${indent.title}`}
        indent={indent}
        refetching={refetching}
        queue={QUEUE}
        stale={stale}
        onReload={reload}
        movedOn={inCompare ? null : INDENT_MESSAGES.notInCompare}
      />
      {!readOnly && <CompareToolbar store={store} lines={indent.items} busy={pending !== null} />}
      {!readOnly && (
        <CompareActions
          store={store}
          lines={indent.items}
          pending={pending}
          attempted={showErrors}
          onSave={run}
        />
      )}
      {indent.items.length === 0 ? (
        <EmptyState
          icon="inbox"
          title="No items on this indent"
          description="Items added to the indent appear here with their vendor prices."
        />
      ) : (
        <Workspace>
          <ItemList lines={indent.items} store={store} showErrors={showErrors} readOnly={readOnly} />
          <SideColumn aria-label="PO Preview">
            <ComparePreview store={store} lines={indent.items} fleet={indent.fleet} />
          </SideColumn>
        </Workspace>
      )}
      <ConfirmDialog
        {...leave.dialog}
        title="Discard Changes?"
        description="Your vendor selections are not saved. Are you sure you want to leave without saving?"
        cancelLabel="Keep Editing"
        confirmLabel="Discard Changes"
        destructive
      />
    </>
  );
}
