import type { StepState } from '../components/boq-steps';
import type { BoqFormValues, SaveBlocker } from './boq-form-values';

const STEP_IDS = {
  project: 'boq-step-project',
  details: 'boq-step-details',
  items: 'boq-step-items',
} as const;

export type BoqFormSteps = Record<keyof typeof STEP_IDS, StepState>;

/**
 * The form's three steps (SPEC §5 "BOQ create/edit") and whether each is complete: a project picked,
 * a name given, and at least one line with nothing blocking the save on any line.
 */
export function boqFormSteps(values: BoqFormValues, blockers: readonly SaveBlocker[]): BoqFormSteps {
  const lineBlocked = blockers.some((b) => b.field.startsWith('items'));
  return {
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
}
