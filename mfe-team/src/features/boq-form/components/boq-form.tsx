import { can, type Boq } from '@erp/contracts';
import { ConfirmDialog, formatINR, theme } from '@erp/ui';
import { useCurrentUser } from '@erp/ui/remote';
import { FormShell } from '@erp/ui/remote-form';
import { useRef, useState } from 'react';
import styled from 'styled-components';
import { boqFormSteps } from '../hooks/boq-form-steps';
import { boqTotal, saveBlockers, type BoqFormValues, type SaveBlocker } from '../hooks/boq-form-values';
import { revealField } from '../hooks/reveal-field';
import { useBoqFormKit } from '../hooks/use-boq-form-kit';
import { useBoqLines } from '../hooks/use-boq-lines';
import { useOnScreen } from '../hooks/use-on-screen';
import { ActionsCard, StickyActionBar, SummaryCard, type BoqActionState } from './boq-actions';
import { DetailsStep, ItemsStep, ProjectStep } from './boq-form-sections';
import { ImportDialogSlot, loadImportDialog } from './boq-import-slot';
import { Stepper } from './boq-steps';

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

export interface BoqFormProps {
  boq: Boq | null;
  initial: BoqFormValues;
  /** Fetches the BOQ again (the stale-save banner's "Load latest version"). */
  reload?: () => Promise<{ data?: Boq | undefined }>;
}

/** BOQ create and edit (SPEC §5 "BOQ create/edit", §6 the buttons' rule). */
export function BoqForm({ boq, initial, reload }: BoqFormProps) {
  const user = useCurrentUser();
  const canCreateItems = can(user, 'items', 'add', 'write');
  const { kit, submit, pending } = useBoqFormKit({ boq, initial, reload });
  const { values } = kit;
  const { lines, keys, counts, addLine, addImported } = useBoqLines(kit);
  const [confirming, setConfirming] = useState(false);
  const [importing, setImporting] = useState(false);

  const blockers = saveBlockers(values);
  const total = boqTotal(values.items);
  const steps = boqFormSteps(values, blockers);

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

  return (
    <FormShell kit={kit}>
      <Stepper steps={[steps.project, steps.details, steps.items]} />
      <Layout>
        <Column>
          <ProjectStep kit={kit} step={steps.project} />
          <DetailsStep kit={kit} step={steps.details} />
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
      <ItemsStep
        kit={kit}
        step={steps.items}
        lines={lines}
        keys={keys}
        onImport={() => setImporting(true)}
        onPreloadImport={() => void loadImportDialog()}
        onAddLine={addLine}
      />
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
      <ImportDialogSlot
        open={importing}
        onOpenChange={setImporting}
        onAdd={addImported}
        canCreateItems={canCreateItems}
        onForm={new Set(counts.keys())}
      />
    </FormShell>
  );
}
