import { cleanBoqDescription } from '@erp/contracts';
import { Button, Icon, Input, Textarea, theme } from '@erp/ui';
import { FieldGrid, NoLines } from '@erp/ui/remote';
import { FormField, type FormKit } from '@erp/ui/remote-form';
import styled from 'styled-components';
import type { BoqFormValues, BoqProjectOption } from '../hooks/boq-form-values';
import { LINES_ID } from '../hooks/reveal-field';
import { BoqLines, type LinesContextValue } from './boq-lines';
import { StepSection, type StepState } from './boq-steps';
import { ProjectPicker } from './pickers';

/** A muted line of text (how many lines are drawn; the import opening). */
export const Note = styled.p`
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

interface StepProps {
  kit: FormKit<BoqFormValues>;
  step: StepState;
}

/** Step 1: the project this BOQ estimates. */
export function ProjectStep({ kit, step }: StepProps) {
  return (
    <StepSection step={step} title="Project" description="The project this BOQ estimates">
      <FormField
        kit={kit}
        name="project"
        label="Project"
        required
        render={({ value, onChange, ...props }) => (
          <ProjectPicker {...props} value={(value || null) as BoqProjectOption | null} onChange={onChange} />
        )}
      />
    </StepSection>
  );
}

/** Step 2: the BOQ's name, description and notes. */
export function DetailsStep({ kit, step }: StepProps) {
  return (
    <StepSection
      step={step}
      title="Details"
      description="What the BOQ is called and anything the team should know"
    >
      <FieldGrid>
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
      </FieldGrid>
    </StepSection>
  );
}

export interface ItemsStepProps extends StepProps {
  lines: LinesContextValue;
  keys: readonly string[];
  onImport: () => void;
  /** The pointer is on Import from Excel: its chunk is fetched ahead. */
  onPreloadImport: () => void;
  onAddLine: () => void;
}

/** Step 3: the estimate lines (drawn as the user scrolls), with Import from Excel and Add Item. */
export function ItemsStep({ kit, step, lines, keys, onImport, onPreloadImport, onAddLine }: ItemsStepProps) {
  const count = kit.values.items.length;
  const importButton = (
    <Button variant="outline" onClick={onImport} onPointerEnter={onPreloadImport} disabled={kit.saving}>
      <Icon name="file" />
      Import from Excel
    </Button>
  );
  const addButton = (
    <Button variant="outline" onClick={onAddLine} disabled={kit.saving}>
      <Icon name="plus" />
      Add Item
    </Button>
  );
  return (
    <StepSection
      step={step}
      title="Estimate Items"
      description="Item, planned quantity, unit and rate are required on every line; remark is optional"
      actions={
        <>
          {importButton}
          {addButton}
        </>
      }
    >
      {count === 0 ? (
        <NoLines>No items added yet.</NoLines>
      ) : (
        <div id={LINES_ID}>
          {count > 60 && <Note>{count.toLocaleString('en-IN')} lines. Lines are drawn as you scroll.</Note>}
          <BoqLines context={lines} keys={keys} />
        </div>
      )}
      {count > 0 && <Footer>{addButton}</Footer>}
    </StepSection>
  );
}
