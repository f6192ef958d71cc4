import {
  INDENT_MESSAGES,
  MAX_INDENT_LINES,
  TOO_MANY_INDENT_LINES,
  type BoqItemBalance,
  type Indent,
  type IndentResponse,
} from '@erp/contracts';
import { Button, Icon, keepClear, Spinner, theme, toast, useNavigate } from '@erp/ui';
import { FormSection } from '@erp/ui/remote';
import { focusField, FormShell, useFormKit, type FormKit } from '@erp/ui/remote-form';
import { useMemo, useRef, useState } from 'react';
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

const Empty = styled.p`
  padding: 2rem 1rem;
  text-align: center;
  color: ${theme.color.mutedForeground};
  border: 1px dashed ${theme.color.border};
  border-radius: ${theme.radius.md};
`;

/**
 * The buttons stay on screen while a long indent scrolls, clear of the toasts (a validation toast must
 * not cover the button pressed next). On desktops the bar sits at the bottom with the buttons at its
 * left, the toasts appearing bottom-right. On phones the toasts take the whole width above the bottom
 * navigation, where this bar would be: there it is first in the form and sticks under the header, as
 * the compare and approval screens' buttons do.
 */
const Bar = styled.div.attrs(keepClear)`
  position: sticky;
  bottom: 0.75rem;
  z-index: ${theme.z.sticky};
  display: flex;
  align-items: center;
  gap: 0.5rem;
  flex-wrap: wrap;
  padding: 0.75rem 1rem;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.lg};
  background: ${theme.color.card};
  box-shadow: ${theme.shadow.lg};
  & > .summary {
    margin-left: 0.5rem;
    font-size: 0.875rem;
    color: ${theme.color.mutedForeground};
  }
  ${theme.media.mobile} {
    order: -1;
    top: calc(${theme.layout.header} + 0.5rem);
    bottom: auto;
    padding: 0.5rem 0.625rem;
    box-shadow: ${theme.shadow.md};
    & > .summary {
      order: -1;
      flex-basis: 100%;
      margin: 0;
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
 * A field on screen and focused. A line far down a long indent is not rendered (virtualised): scroll
 * toward it, frame by frame, until its row is there (as the BOQ form does).
 */
export function revealField(kit: FormKit<IndentFormValues>, field: string): void {
  const id = kit.fieldId(field);
  const line = /^items\.(\d+)\./.exec(field);
  let tries = 0;
  const step = () => {
    if (document.getElementById(id)) {
      focusField(id);
      return;
    }
    const list = document.getElementById(LINES_ID);
    if (!line || !list || tries++ > 20) {
      if (field === 'items') document.getElementById(ADD_ID)?.focus();
      return;
    }
    const target = Number(line[1]);
    const rows = [...list.querySelectorAll<HTMLElement>('[data-index]')];
    const total = kit.form.getValues('items').length;
    const first = rows[0];
    const last = rows.at(-1);
    if (!first || !last) {
      const rect = list.getBoundingClientRect();
      window.scrollTo({
        top: window.scrollY + rect.top + (rect.height * target) / Math.max(total, 1) - window.innerHeight / 2,
      });
    } else {
      const from = Number(first.dataset.index);
      const to = Number(last.dataset.index);
      const rowHeight =
        (last.getBoundingClientRect().bottom - first.getBoundingClientRect().top) /
        Math.max(to - from + 1, 1);
      const anchor = target < from ? first : last;
      const distance = (target - Number(anchor.dataset.index)) * rowHeight;
      window.scrollTo({
        top: window.scrollY + anchor.getBoundingClientRect().top + distance - window.innerHeight / 2,
      });
    }
    requestAnimationFrame(() => requestAnimationFrame(step));
  };
  step();
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

/** Indent create and edit (SPEC §2 "Indent create", "Indent edit", §5 "Indent form"). */
export function IndentForm({ indent, initial, requester, reload, onDraftSaved }: IndentFormProps) {
  const navigate = useNavigate();
  const create = useCreateIndent();
  const update = useUpdateIndent();
  const status = useRef<IndentSaveStatus>('draft');
  const dirtyRef = useRef(false);
  const [pending, setPending] = useState<IndentSaveStatus | null>(null);
  const [picking, setPicking] = useState(false);
  const [addedNow, setAddedNow] = useState<string[]>([]);

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
      if (result.indent.status === 'draft') {
        toast({
          title: INDENT_MESSAGES.draftSaved,
          description: `${result.indent.indentId} · ${result.indent.title}`,
          variant: 'success',
        });
        onDraftSaved(result.indent);
      } else {
        // SPEC §8 'Indent Added Successfully' for a first send (a new indent, or a draft sent on); a draft
        // sent back for rework says it went for comparison again (decision 0037).
        toast({
          title: sentForComparisonTitle(result.indent.history),
          description: `${result.indent.indentId} · ${result.indent.title}`,
          variant: 'success',
        });
        void navigate(LIST);
      }
    },
    latest: indent && reload ? { refetch: reload, toValues: indentToValues } : null,
  });
  dirtyRef.current = kit.dirty;
  const { values } = kit;

  const balancesQuery = useBoqBalances(values.boq?._id ?? null);
  const balances = useMemo(
    () =>
      balancesQuery.data
        ? new Map<string, BoqItemBalance>(balancesQuery.data.map((l) => [l.itemId, l]))
        : undefined,
    [balancesQuery.data],
  );

  const keys = values.items.map((line) => line.key);
  const rows = useLineRows(keys);
  const added = new Set(values.items.map((line) => line.item._id));

  const actions = useRef({ move: (_i: number, _d: -1 | 1) => {}, remove: (_i: number) => {} });
  actions.current.move = (index, delta) => {
    const items = kit.form.getValues('items');
    const key = items[index]?.key;
    kit.set('items', moveLine(items, index, delta));
    if (!key) return;
    // The moved line's button keeps the focus (or its other arrow, at the end of the list).
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

  // The first line added is where the user types next: its quantity takes the focus as the dialog
  // closes, in place of Add Item (Radix moves the focus once; a timer of ours could move it again
  // while the user already types in another field).
  const focusAfterPicker = useRef<string | null>(null);
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

  const submit = (next: IndentSaveStatus) => {
    status.current = next;
    setPending(next);
    void kit.onSubmit().finally(() => {
      setPending(null);
      status.current = 'draft';
    });
  };

  const cancel = () => kit.discard(() => void navigate(LIST));
  const lineCount = values.items.length;
  const noBoq = !values.boq;

  return (
    <FormShell kit={kit}>
      <IndentInfoSection kit={stableKit} indent={indent} requester={requester} />
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
            onClick={() => setPicking(true)}
            disabled={noBoq || kit.saving || lineCount >= MAX_INDENT_LINES}
            title={noBoq ? 'Choose a BOQ first' : undefined}
          >
            <Icon name="plus" />
            Add Item
          </Button>
        </ItemsHead>
        {lineCount === 0 ? (
          <Empty>No items added yet.</Empty>
        ) : (
          <div id={LINES_ID}>
            <IndentLines context={context} rows={rows} />
          </div>
        )}
      </FormSection>
      <Bar role="region" aria-label="Indent actions">
        <Button
          className="primary"
          onClick={() => submit('compare')}
          disabled={kit.saving || lineCount === 0}
        >
          {pending === 'compare' && kit.saving ? <Spinner /> : <Icon name="arrowRight" />}
          {pending === 'compare' && kit.saving ? 'Sending...' : 'Send for Comparison'}
        </Button>
        <Button variant="outline" onClick={() => submit('draft')} disabled={kit.saving || !kit.dirty}>
          {pending === 'draft' && kit.saving && <Spinner />}
          {pending === 'draft' && kit.saving ? 'Saving...' : 'Save Draft'}
        </Button>
        <Button variant="outline" onClick={cancel} disabled={kit.saving}>
          Cancel
        </Button>
        <span className="summary" aria-live="polite">
          {lineCount.toLocaleString('en-IN')} {lineCount === 1 ? 'item' : 'items'}
          {kit.dirty ? ' · unsaved changes' : ''}
        </span>
      </Bar>
      {values.boq && picking && (
        <ItemPickerDialog
          open={picking}
          onOpenChange={closePicker}
          boqNumber={values.boq.boqId}
          boqLines={balancesQuery.data}
          added={added}
          onAdd={addItem}
          addedNow={addedNow.length}
          onCloseAutoFocus={focusAfterClose}
        />
      )}
    </FormShell>
  );
}
