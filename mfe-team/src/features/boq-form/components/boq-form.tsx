import { can, cleanBoqDescription, type Boq, type BoqImportLine, type BoqResponse } from '@erp/contracts';
import {
  Button,
  ConfirmDialog,
  formatINR,
  Icon,
  Input,
  Spinner,
  Textarea,
  theme,
  toast,
  useNavigate,
} from '@erp/ui';
import { useCurrentUser } from '@erp/ui/remote';
import { focusField, FormField, FormShell, useFormKit, type FormKit } from '@erp/ui/remote-form';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { useCreateBoq, useUpdateBoq } from '../api/save-boq';
import {
  appendImported,
  boqContract,
  boqProblemToast,
  boqToValues,
  boqTotal,
  canSaveBoq,
  emptyBoqLine,
  saveBlockers,
  valuesToBody,
  type BoqFormValues,
  type BoqProjectOption,
  type BoqSaveStatus,
  type SaveBlocker,
} from '../hooks/boq-form-values';
import { ActionsCard, StickyActionBar, SummaryCard, type BoqActionState } from './boq-actions';
import { BoqLines, type LinesContextValue } from './boq-lines';
import { Stepper, StepSection, type StepState } from './boq-steps';
import { ProjectPicker } from './pickers';

const loadImportDialog = () => import('./boq-import-dialog');
const BoqImportDialog = lazy(loadImportDialog);

const Layout = styled.div`
  display: grid;
  gap: 1.25rem;
  @media (min-width: 1100px) {
    grid-template-columns: minmax(0, 1fr) 18rem;
    align-items: start;
    & > .aside {
      position: sticky;
      top: calc(${theme.layout.header} + 1rem);
    }
  }
`;

const Column = styled.div`
  display: grid;
  gap: 1.25rem;
  min-width: 0;
  &.aside {
    ${theme.media.mobile} {
      display: none;
    }
    @media (min-width: 768px) and (max-width: 1099.98px) {
      grid-template-columns: repeat(2, minmax(0, 1fr));
      align-items: start;
    }
  }
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 1rem 1.25rem;
  & > .span-2 {
    grid-column: 1 / -1;
  }
  ${theme.media.mobile} {
    grid-template-columns: 1fr;
  }
`;

const Empty = styled.p`
  padding: 2rem 1rem;
  text-align: center;
  color: ${theme.color.mutedForeground};
  border: 1px dashed ${theme.color.border};
  border-radius: ${theme.radius.md};
`;

const Note = styled.p`
  margin-bottom: 0.75rem;
  font-size: 0.8125rem;
  color: ${theme.color.mutedForeground};
`;

const Footer = styled.div`
  display: flex;
  justify-content: flex-start;
  margin-top: 1rem;
  ${theme.media.mobile} {
    & > * {
      width: 100%;
    }
  }
`;

export const LINES_ID = 'boq-lines';

/** True while `ref`'s element is on screen (the Actions card: when it is not, the sticky bar takes over). */
function useOnScreen(ref: React.RefObject<HTMLElement | null>): boolean {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') {
      setVisible(false);
      return;
    }
    const observer = new IntersectionObserver(([entry]) => setVisible(Boolean(entry?.isIntersecting)), {
      threshold: 0.5,
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return visible;
}

/**
 * A field on screen and focused. A line far down a long BOQ is not rendered (virtualised): scroll
 * toward it, frame by frame, until its row is there.
 */
export function revealField(kit: FormKit<BoqFormValues>, field: string): void {
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
      if (list && field === 'items') list.scrollIntoView({ block: 'center', behavior: 'smooth' });
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

export interface BoqFormProps {
  boq: Boq | null;
  initial: BoqFormValues;
  /** Fetches the BOQ again (the stale-save banner's "Load latest version"). */
  reload?: () => Promise<{ data?: Boq | undefined }>;
}

const STEP_IDS = {
  project: 'boq-step-project',
  details: 'boq-step-details',
  items: 'boq-step-items',
} as const;

/** BOQ create and edit (SPEC §5 "BOQ create/edit", §6 the buttons' rule). */
export function BoqForm({ boq, initial, reload }: BoqFormProps) {
  const navigate = useNavigate();
  const user = useCurrentUser();
  const canCreateItems = can(user, 'items', 'add', 'write');
  const create = useCreateBoq();
  const update = useUpdateBoq();
  const status = useRef<BoqSaveStatus>('draft');
  const [pending, setPending] = useState<BoqSaveStatus | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [importing, setImporting] = useState(false);

  const kit = useFormKit<BoqFormValues, BoqResponse, Boq>({
    id: 'boq',
    record: boq,
    initial,
    contract: boqContract[boq ? 'update' : 'create'],
    canSubmit: canSaveBoq,
    problemToast: (problem, values) => {
      // A line far down is brought on screen first (the kit focuses it when it is rendered).
      if (problem.field.startsWith('items.')) setTimeout(() => revealField(kit, problem.field), 0);
      return boqProblemToast(problem, values);
    },
    save: (values, version) => {
      const body = valuesToBody(values, status.current);
      return boq ? update.mutateAsync({ id: boq._id, body: { ...body, version } }) : create.mutateAsync(body);
    },
    onSaved: (result) => {
      const confirmed = result.boq.status === 'confirmed';
      toast({
        title: result.message || (confirmed ? 'BOQ confirmed' : 'BOQ saved as draft'),
        description: `${result.boq.boqId} · ${result.boq.name}`,
        variant: 'success',
      });
      void navigate(`/boq/${result.boq._id}`);
    },
    latest: boq && reload ? { refetch: reload, toValues: boqToValues } : null,
  });
  const { values } = kit;

  // Which items are on the form (the pickers show 'Added'); read by the pickers when they open.
  const taken = useRef(new Map<string, number>());
  const counts = new Map<string, number>();
  for (const line of values.items)
    if (line.item) counts.set(line.item._id, (counts.get(line.item._id) ?? 0) + 1);
  taken.current = counts;

  const remove = (index: number) =>
    kit.set(
      'items',
      kit.form.getValues('items').filter((_, i) => i !== index),
    );
  const removeRef = useRef(remove);
  removeRef.current = remove;
  // The cells read the kit through context; it changes for them only when saving starts or ends.
  const lines: LinesContextValue = useMemo(
    () => ({ kit, taken, remove: (index: number) => removeRef.current(index) }),
    [kit.saving, kit.readOnly],
  );

  const keys = values.items.map((line) => line.key);
  const blockers = saveBlockers(values);
  const total = boqTotal(values.items);
  const lineBlocked = blockers.some((b) => b.field.startsWith('items'));
  const steps: Record<keyof typeof STEP_IDS, StepState> = {
    project: {
      id: STEP_IDS.project,
      number: 1,
      label: 'Project',
      short: 'Project',
      done: Boolean(values.project),
    },
    details: {
      id: STEP_IDS.details,
      number: 2,
      label: 'Details',
      short: 'Details',
      done: values.name.trim() !== '',
    },
    items: {
      id: STEP_IDS.items,
      number: 3,
      label: 'Estimate Items',
      short: 'Items',
      done: values.items.length > 0 && !lineBlocked,
    },
  };

  const submit = (next: BoqSaveStatus) => {
    status.current = next;
    setPending(next);
    void kit.onSubmit().finally(() => setPending(null));
  };

  const addLine = () => {
    const items = kit.form.getValues('items');
    kit.set('items', [...items, emptyBoqLine()]);
    requestAnimationFrame(() => revealField(kit, `items.${items.length}.item`));
  };

  const addImported = (imported: readonly BoqImportLine[]) => {
    const result = appendImported(kit.form.getValues('items'), imported);
    kit.set('items', result.lines);
    const notes = [
      result.skipped > 0 ? `${result.skipped} skipped: the item is already on this BOQ` : '',
      result.overLimit > 0
        ? `${result.overLimit} left out: a BOQ has at most ${result.lines.length} lines`
        : '',
    ].filter(Boolean);
    toast({
      title: `${result.added} ${result.added === 1 ? 'line' : 'lines'} added`,
      description: notes.join('. ') || undefined,
      variant: 'success',
    });
    return result;
  };

  const actionState: BoqActionState = {
    projectLabel: values.project ? `${values.project.name} (${values.project.projectCode})` : null,
    lineCount: values.items.length,
    total,
    blockers,
    saving: kit.saving,
    pending: kit.saving ? pending : null,
    onDraft: () => submit('draft'),
    onConfirm: () => setConfirming(true),
    onBlocker: (b: SaveBlocker) => revealField(kit, b.field === 'items' ? 'items' : b.field),
  };

  const actionsRef = useRef<HTMLElement>(null);
  const actionsOnScreen = useOnScreen(actionsRef);

  const importButton = (
    <Button
      variant="outline"
      onClick={() => setImporting(true)}
      onPointerEnter={() => void loadImportDialog()}
      disabled={kit.saving}
    >
      <Icon name="file" />
      Import from Excel
    </Button>
  );
  const addButton = (
    <Button variant="outline" onClick={addLine} disabled={kit.saving}>
      <Icon name="plus" />
      Add Item
    </Button>
  );

  return (
    <FormShell kit={kit}>
      <Stepper steps={[steps.project, steps.details, steps.items]} />
      <Layout>
        <Column>
          <StepSection step={steps.project} title="Project" description="The project this BOQ estimates">
            <FormField
              kit={kit}
              name="project"
              label="Project"
              required
              render={({ value, onChange, ...props }) => (
                <ProjectPicker
                  {...props}
                  value={(value || null) as BoqProjectOption | null}
                  onChange={onChange}
                />
              )}
            />
          </StepSection>
          <StepSection
            step={steps.details}
            title="Details"
            description="What the BOQ is called and anything the team should know"
          >
            <Grid>
              <FormField
                kit={kit}
                name="name"
                label="BOQ Name"
                required
                className="span-2"
                control={<Input placeholder="e.g. Tower A structure" autoComplete="off" maxLength={200} />}
              />
              <FormField
                kit={kit}
                name="description"
                label="Description"
                clean={cleanBoqDescription}
                control={<Textarea placeholder="Scope of this estimate" maxLength={2000} rows={3} />}
              />
              <FormField
                kit={kit}
                name="notes"
                label="Notes"
                control={<Textarea placeholder="Anything the team should know" maxLength={2000} rows={3} />}
              />
            </Grid>
          </StepSection>
        </Column>
        <Column className="aside">
          <SummaryCard
            projectLabel={actionState.projectLabel}
            lineCount={values.items.length}
            total={total}
          />
          <ActionsCard ref={actionsRef} state={actionState} />
        </Column>
      </Layout>
      <StepSection
        step={steps.items}
        title="Estimate Items"
        description="Item, planned quantity, unit and rate are required on every line; remark is optional"
        actions={
          <>
            {importButton}
            {addButton}
          </>
        }
      >
        {values.items.length === 0 ? (
          <Empty>No items added yet.</Empty>
        ) : (
          <div id={LINES_ID}>
            {values.items.length > 60 && (
              <Note>{values.items.length.toLocaleString('en-IN')} lines. Lines are drawn as you scroll.</Note>
            )}
            <BoqLines context={lines} keys={keys} />
          </div>
        )}
        {values.items.length > 0 && <Footer>{addButton}</Footer>}
      </StepSection>
      {!actionsOnScreen && <StickyActionBar state={actionState} />}
      <ConfirmDialog
        open={confirming}
        title="Confirm BOQ?"
        description={`A confirmed BOQ can't be edited, only revised. ${values.items.length} ${values.items.length === 1 ? 'item' : 'items'} worth ${formatINR(total)} will be confirmed.`}
        confirmLabel="Confirm BOQ"
        cancelLabel="Keep Editing"
        onConfirm={() => {
          setConfirming(false);
          submit('confirmed');
        }}
        onCancel={() => setConfirming(false)}
      />
      {importing && (
        <Suspense fallback={<ImportLoading />}>
          <BoqImportDialog
            open={importing}
            onOpenChange={setImporting}
            onAdd={addImported}
            canCreateItems={canCreateItems}
            onForm={new Set(counts.keys())}
          />
        </Suspense>
      )}
    </FormShell>
  );
}

function ImportLoading() {
  return (
    <Note role="status" style={{ position: 'fixed', inset: 'auto 1rem 1rem auto' }}>
      <Spinner size={12} /> Opening the import...
    </Note>
  );
}
