import { Type, type Static } from 'typebox';
import { defineEvent } from './envelope.js';

/** A project was created or changed: what other services show of it (name and code snapshot, status, location). */
export const ProjectUpsertedData = Type.Object({
  projectId: Type.String(),
  projectCode: Type.String(),
  name: Type.String(),
  status: Type.String(),
  /** The project's location (the PO's delivery address prints it); absent in events announced before it was carried. */
  location: Type.Optional(Type.String()),
  version: Type.Integer(),
});
export type ProjectUpsertedData = Static<typeof ProjectUpsertedData>;
export const ProjectUpserted = defineEvent('erp.projects.project_upserted.v1', ProjectUpsertedData);

/**
 * The project form set the project's Employees (decision 0015): auth, which owns each member's
 * project access, gives exactly these Employees the project and takes it from any other Employee.
 * `sequence` grows with every team change of the project; auth applies only a newer one.
 */
export const ProjectTeamSetData = Type.Object({
  projectId: Type.String(),
  employees: Type.Array(Type.String()),
  sequence: Type.Integer(),
  /** Who saved the form (auth's audit entry). */
  actor: Type.Object({ _id: Type.String(), name: Type.String() }),
});
export type ProjectTeamSetData = Static<typeof ProjectTeamSetData>;
export const ProjectTeamSet = defineEvent('erp.projects.team_set.v1', ProjectTeamSetData);

/**
 * A BOQ revision was created or changed. Indents read which BOQs a project has and what each line
 * plans; `boqNumber` groups the revisions of one BOQ (only the newest confirmed one is drawn on).
 */
export const BoqUpsertedData = Type.Object({
  boqId: Type.String({ description: 'The revision (uuid)' }),
  boqNumber: Type.String({ description: 'BOQ-0001, the same across revisions' }),
  revision: Type.Integer(),
  projectId: Type.String(),
  name: Type.String(),
  status: Type.Union([
    Type.Literal('draft'),
    Type.Literal('confirmed'),
    Type.Literal('superseded'),
    Type.Literal('deleted'),
  ]),
  lines: Type.Array(
    Type.Object({
      itemId: Type.String(),
      name: Type.String(),
      unit: Type.String(),
      plannedQty: Type.Number(),
    }),
  ),
  version: Type.Integer(),
});
export type BoqUpsertedData = Static<typeof BoqUpsertedData>;
export const BoqUpserted = defineEvent('erp.projects.boq_upserted.v1', BoqUpsertedData);

/**
 * Goods received against a BOQ changed what its lines have consumed: each named item's consumed
 * quantity in total (not the change), for the BOQ number (all revisions). Totals only grow, so a
 * consumer keeps the largest it has seen, whatever order events arrive in.
 */
export const BoqConsumedData = Type.Object({
  boqNumber: Type.String(),
  projectId: Type.String(),
  lines: Type.Array(Type.Object({ itemId: Type.String(), consumedQty: Type.Number() }), { minItems: 1 }),
});
export type BoqConsumedData = Static<typeof BoqConsumedData>;
export const BoqConsumed = defineEvent('erp.projects.boq_consumed.v1', BoqConsumedData);
