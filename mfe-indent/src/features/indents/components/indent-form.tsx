import {
  INDENT_MESSAGES,
  MAX_INDENT_LINES,
  TOO_MANY_INDENT_LINES,
  type BoqItemBalance,
  type Indent,
  type IndentResponse,
} from '@erp/contracts';
import { Button, Icon, Spinner, theme, toast, useNavigate } from '@erp/ui';
import { FormSection, NoLines, StickyBar, stickyBarOnTopOnPhones } from '@erp/ui/remote';
import { FormShell, lineRow, revealField as reveal, useFormKit, type FormKit } from '@erp/ui/remote-form';
import { useMemo, useRef, useState, type RefObject } from 'react';
import styled from 'styled-components';
import { useBoqBalances } from '../api/get-boq-options';
import { useCreateIndent, useUpdateIndent } from '../api/save-indent';
import type { ItemOption } from '../api/search-items';
import {
  indentContract,
  indentToValues,
  lineFromItem,
  moveLine,
  type IndentFormValues,
  type IndentSaveStatus,
  valuesToBody,
} from '../hooks/indent-form-values';
import { sentForComparisonTitle } from '../../shared/hooks/indent-format';
import { IndentInfoSection } from './indent-info-section';
import { IndentLines, lineButtonId, type LineRow, type LinesContextValue } from './indent-lines';
import { ItemPickerDialog } from './item-picker-dialog';

const LIST = '/indent/list';
const LINES_ID = 'indent-lines';
const ADD_ID = 'indent-add-item';

const ItemsHead = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 0.75rem;
  flex-wrap: wrap;
  margin-bottom: 0.75rem;
  & > p {
    font-size: 0.875rem;
    color: ${theme.color.mutedForeground};
  }
  ${theme.media.mobile} {
    & > button {
      width: 100%;
    }
  }
`;

/**
 * The buttons stay on screen while a long indent scrolls, clear of the toasts (a validation toast must
 * not cover the button pressed next). On desktops the bar sits at the bottom with the buttons at its
 * left, the toasts appearing bottom-right. On phones the toasts take the whole width above the bottom
 * navigation, where this bar would be: there it is first in the form and sticks under the header, as
 * the compare and approval screens' buttons do.
 */
const Bar = styled(StickyBar)`
  ${stickyBarOnTopOnPhones}
  ${theme.media.mobile} {
    & > .summary {
      font-size: 0.75rem;
    }
    & > button {
      flex: 1 1 auto;
    }
    & > .primary {
      flex-basis: 100%;
      order: 0;
    }
  }
`;

/**
 * A field of the indent form on screen and focused; a line far down a long indent (not rendered, the
 * list is virtualised) is scrolled to first. When the problem is that there are no lines, Add Item.
 */
export function revealField(kit: FormKit<IndentFormValues>, field: string): void {
  reveal(kit.fieldId(field), lineRow(field, LINES_ID, kit.form.getValues('items').length), () => {
    if (field === 'items') document.getElementById(ADD_ID)?.focus();
  });
}

/** Stable row handles: a new array only when lines come, go or move (the table does not re-render while typing). */
function useLineRows(keys: readonly string[]): LineRow[] {
  const signature = keys.join('\n');
  // The keys' order is the dependency, not the array's identity (a new array on every keystroke).
  return useMemo(
    () => keys.map((key, index) => ({ key, index, last: index === keys.length - 1 })),
    [signature],
  );
}

export interface IndentFormProps {
  /** The draft edited; null to create one. */
  indent: Indent | null;
  initial: IndentFormValues;
  /** Who raises it: the signed-in member (create) or the draft's creator (edit). Read-only. */
  requester: string;
  /** Fetches the indent again (the stale-save banner's "Load latest version"). */
  reload?: () => Promise<{ data?: Indent | undefined }>;
  /** A draft was saved: the page shows it (the edit page of the new or same draft, at its new version). */
  onDraftSaved: (indent: Indent) => void;
}

/** The form's kit: Save Draft and Send for Comparison through one save, and where each leads (SPEC §2, §8). */
function useIndentKit(
  { indent, initial, reload, onDraftSaved }: Omit<IndentFormProps, 'requester'>,
  status: RefObject<IndentSaveStatus>,
): FormKit<IndentFormValues> {
  const navigate = useNavigate();
  const create = useCreateIndent();
  const update = useUpdateIndent();
  const dirtyRef = useRef(false);
  const kit = useFormKit<IndentFormValues, IndentResponse, Indent>({
    id: 'indent',
    record: indent,
    initial,
    contract: indentContract[indent ? 'update' : 'create'],
    // Save Draft only with unsaved changes, Send for Comparison only with a line (SPEC §2); Enter in a field saves the draft.
    canSubmit: (values) => (status.current === 'compare' ? values.items.length > 0 : dirtyRef.current),
    problemToast: (problem) => {
      // A line far down is brought on screen first (the kit focuses it once it is rendered).
      if (problem.field.startsWith('items')) setTimeout(() => revealField(kit, problem.field), 0);
      return { title: problem.message };
    },
    save: (values, version) => {
      const body = valuesToBody(values, status.current);
      return indent
        ? update.mutateAsync({ id: indent._id, body: { ...body, version } })
        : create.mutateAsync(body);
    },
    onSaved: (result) => {
      const description = `${result.indent.indentId} · ${result.indent.title}`;
      if (result.indent.status === 'draft') {
        toast({ title: INDENT_MESSAGES.draftSaved, description, variant: 'success' });
        onDraftSaved(result.indent);
      } else {
        // SPEC §8 'Indent Added Successfully' for a first send (a new indent, or a draft sent on); a draft
        // sent back for rework says it went for comparison again (decision 0037).
        toast({ title: sentForComparisonTitle(result.indent.history), description, variant: 'success' });
        void navigate(LIST);
      }
    },
    latest: indent && reload ? { refetch: reload, toValues: indentToValues } : null,
  });
  dirtyRef.current = kit.dirty;
  return kit;
}

/**
 * Moving and removing lines: the moved line's button keeps the focus (or its other arrow, at the
 * end of the list); after a removal, the next line's (or Add Item). Kept in a ref so the memoised
 * lines never see a new function.
 */
function useLineActions(kit: FormKit<IndentFormValues>) {
  const actions = useRef({ move: (_i: number, _d: -1 | 1) => {}, remove: (_i: number) => {} });
  actions.current.move = (index, delta) => {
    const items = kit.form.getValues('items');
    const key = items[index]?.key;
    kit.set('items', moveLine(items, index, delta));
    if (!key) return;
    requestAnimationFrame(() => {
      const own = document.getElementById(
        lineButtonId(key, delta < 0 ? 'up' : 'down'),
      ) as HTMLButtonElement | null;
      (own && !own.disabled
        ? own
        : document.getElementById(lineButtonId(key, delta < 0 ? 'down' : 'up'))
      )?.focus();
    });
  };
  actions.current.remove = (index) => {
    const items = kit.form.getValues('items');
    const next = items[index + 1] ?? items[index - 1];
    kit.set(
      'items',
      items.filter((_, i) => i !== index),
    );
    requestAnimationFrame(() =>
      (next
        ? document.getElementById(lineButtonId(next.key, 'remove'))
        : document.getElementById(ADD_ID)
      )?.focus(),
    );
  };
  return actions;
}

/**
 * The item picker: open or not, the items added while it is open (each once, up to the limit), and
 * the focus as it closes: the first line added is where the user types next, so its quantity takes
 * the focus in place of Add Item (Radix moves the focus once; a timer of ours could move it again
 * while the user already types in another field).
 */
function useItemPicker(kit: FormKit<IndentFormValues>) {
  const [picking, setPicking] = useState(false);
  const [addedNow, setAddedNow] = useState<string[]>([]);
  const focusAfterPicker = useRef<string | null>(null);
  const addItem = (item: ItemOption) => {
    const items = kit.form.getValues('items');
    if (items.some((line) => line.item._id === item._id)) return;
    if (items.length >= MAX_INDENT_LINES) {
      toast({ title: TOO_MANY_INDENT_LINES, variant: 'destructive' });
      return;
    }
    kit.set('items', [...items, lineFromItem(item)]);
    setAddedNow((list) => [...list, item._id]);
  };
  const closePicker = (open: boolean) => {
    setPicking(open);
    if (open) return;
    const first = addedNow[0];
    setAddedNow([]);
    const index = first ? kit.form.getValues('items').findIndex((line) => line.item._id === first) : -1;
    focusAfterPicker.current = index >= 0 ? `items.${index}.quantity` : null;
  };
  const focusAfterClose = (event: Event) => {
    const field = focusAfterPicker.current;
    focusAfterPicker.current = null;
    if (!field) return;
    event.preventDefault();
    revealField(kit, field);
  };
  return { picking, open: () => setPicking(true), addedNow, addItem, closePicker, focusAfterClose };
}

/** Indent create and edit (SPEC §2 "Indent create", "Indent edit", §5 "Indent form"). */
export function IndentForm(props: IndentFormProps) {
  const { indent, requester } = props;
  const navigate = useNavigate();
  const status = useRef<IndentSaveStatus>('draft');
  const [pending, setPending] = useState<IndentSaveStatus | null>(null);
  const kit = useIndentKit(props, status);
  const { values } = kit;
  const picker = useItemPicker(kit);

  const balancesQuery = useBoqBalances(values.boq?._id ?? null);
  const balances = useMemo(
    () =>
      balancesQuery.data
        ? new Map<string, BoqItemBalance>(balancesQuery.data.map((l) => [l.itemId, l]))
        : undefined,
    [balancesQuery.data],
  );

  const rows = useLineRows(values.items.map((line) => line.key));
  const actions = useLineActions(kit);
  // The kit as the memoised parts see it: it changes for them only when saving starts or ends.
  const stableKit = useMemo(() => kit, [kit.saving, kit.readOnly]); // kit.form is one object for the form's life
  const context: LinesContextValue = useMemo(
    () => ({
      kit: stableKit,
      balances,
      move: (index, delta) => actions.current.move(index, delta),
      remove: (index) => actions.current.remove(index),
      disabled: kit.saving,
    }),
    // The cells read the kit's form (one object for the form's life); they change when saving starts or ends, or the balances arrive.
    [stableKit, balances],
  );

  const submit = (next: IndentSaveStatus) => {
    status.current = next;
    setPending(next);
    void kit.onSubmit().finally(() => {
      setPending(null);
      status.current = 'draft';
    });
  };

  return (
    <FormShell kit={kit}>
      <IndentInfoSection kit={stableKit} indent={indent} requester={requester} />
      <IndentItemsSection kit={kit} context={context} rows={rows} onAdd={picker.open} />
      <IndentActions
        kit={kit}
        pending={pending}
        onSubmit={submit}
        onCancel={() => kit.discard(() => void navigate(LIST))}
      />
      {values.boq && picker.picking && (
        <ItemPickerDialog
          open={picker.picking}
          onOpenChange={picker.closePicker}
          boqNumber={values.boq.boqId}
          boqLines={balancesQuery.data}
          added={new Set(values.items.map((line) => line.item._id))}
          onAdd={picker.addItem}
          addedNow={picker.addedNow.length}
          onCloseAutoFocus={picker.focusAfterClose}
        />
      )}
    </FormShell>
  );
}

/** The lines of the indent, with how many there are and Add Item. */
function IndentItemsSection({
  kit,
  context,
  rows,
  onAdd,
}: {
  kit: FormKit<IndentFormValues>;
  context: LinesContextValue;
  rows: LineRow[];
  onAdd: () => void;
}) {
  const lineCount = kit.values.items.length;
  const noBoq = !kit.values.boq;
  return (
    <FormSection
      title="Indent Items"
      description="Items from the item master; each line shows what is left on the BOQ"
    >
      <ItemsHead>
        <p>
          {lineCount === 0
            ? 'No items yet'
            : `${lineCount.toLocaleString('en-IN')} ${lineCount === 1 ? 'item' : 'items'}`}
          {noBoq && ' · choose a BOQ to add items'}
        </p>
        <Button
          id={ADD_ID}
          variant="outline"
          onClick={onAdd}
          disabled={noBoq || kit.saving || lineCount >= MAX_INDENT_LINES}
          title={noBoq ? 'Choose a BOQ first' : undefined}
        >
          <Icon name="plus" />
          Add Item
        </Button>
      </ItemsHead>
      {lineCount === 0 ? (
        <NoLines>No items added yet.</NoLines>
      ) : (
        <div id={LINES_ID}>
          <IndentLines context={context} rows={rows} />
        </div>
      )}
    </FormSection>
  );
}

/** Send for Comparison, Save Draft and Cancel, with the line count and whether changes are unsaved. */
function IndentActions({
  kit,
  pending,
  onSubmit,
  onCancel,
}: {
  kit: FormKit<IndentFormValues>;
  pending: IndentSaveStatus | null;
  onSubmit: (status: IndentSaveStatus) => void;
  onCancel: () => void;
}) {
  const lineCount = kit.values.items.length;
  return (
    <Bar role="region" aria-label="Indent actions">
      <Button
        className="primary"
        onClick={() => onSubmit('compare')}
        disabled={kit.saving || lineCount === 0}
      >
        {pending === 'compare' && kit.saving ? <Spinner /> : <Icon name="arrowRight" />}
        {pending === 'compare' && kit.saving ? 'Sending...' : 'Send for Comparison'}
      </Button>
      <Button variant="outline" onClick={() => onSubmit('draft')} disabled={kit.saving || !kit.dirty}>
        {pending === 'draft' && kit.saving && <Spinner />}
        {pending === 'draft' && kit.saving ? 'Saving...' : 'Save Draft'}
      </Button>
      <Button variant="outline" onClick={onCancel} disabled={kit.saving}>
        Cancel
      </Button>
      <span className="summary" aria-live="polite">
        {lineCount.toLocaleString('en-IN')} {lineCount === 1 ? 'item' : 'items'}
        {kit.dirty ? ' · unsaved changes' : ''}
      </span>
    </Bar>
  );
}
