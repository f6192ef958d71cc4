import { Type, type Static } from 'typebox';
import { defineEvent } from './envelope.js';

const Person = Type.Object({ _id: Type.String(), name: Type.String() });

/** A line the Admin approved: the locked unit price and GST per unit (rupees), quantity in the item's unit. */
export const ApprovedLineData = Type.Object({
  itemId: Type.String(),
  itemName: Type.String(),
  unit: Type.String(),
  quantity: Type.Number({ exclusiveMinimum: 0 }),
  price: Type.Number({ minimum: 0 }),
  gst: Type.Number({ minimum: 0 }),
});
export type ApprovedLineData = Static<typeof ApprovedLineData>;

/**
 * An Admin approved an indent (written to the outbox in the transaction that sets it approved). The
 * PO service creates one purchase order per vendor from it, once per (indent, vendor) however often
 * it arrives. Lines come grouped by vendor with the vendor's fleet cost (0 when free or unset).
 */
export const IndentApprovedData = Type.Object({
  indentId: Type.String({ description: 'Key (uuid)' }),
  indentNumber: Type.String({ description: 'IND-000001' }),
  title: Type.String(),
  project: Type.Object({
    _id: Type.String(),
    name: Type.String(),
    projectCode: Type.String(),
    /** The project's location (printed on the PO's delivery address); absent in approvals announced before it was carried. */
    location: Type.Optional(Type.String()),
  }),
  boq: Type.Object({ _id: Type.String(), boqId: Type.String(), name: Type.String() }),
  createdBy: Person,
  approvedBy: Person,
  approvedAt: Type.String({ description: 'ISO time' }),
  /** The indent's Site/Location (where on the project the goods go); absent in approvals announced before it was carried. */
  location: Type.Optional(Type.String()),
  vendors: Type.Array(
    Type.Object({
      vendorId: Type.String(),
      vendorName: Type.String(),
      fleet: Type.Object({ amount: Type.Number({ minimum: 0 }), gst: Type.Number({ minimum: 0 }) }),
      lines: Type.Array(ApprovedLineData, { minItems: 1 }),
    }),
    { minItems: 1 },
  ),
});
export type IndentApprovedData = Static<typeof IndentApprovedData>;
export const IndentApproved = defineEvent('erp.indent.approved.v1', IndentApprovedData);

/**
 * An indent was raised, edited or moved to another stage (written to the outbox in the transaction
 * of every change, demo indents' included). `version` is the indent's own and grows with every
 * change: a consumer keeps the highest it has seen, whatever order the events arrive in. The
 * projects service counts the indents raised against each BOQ (the BOQ list's Indents).
 */
export const IndentUpsertedData = Type.Object({
  indentId: Type.String({ description: 'Key (uuid)' }),
  indentNumber: Type.String({ description: 'IND-000001' }),
  projectId: Type.String(),
  /** The BOQ revision the indent draws on (uuid). */
  boqId: Type.String(),
  status: Type.Union([
    Type.Literal('draft'),
    Type.Literal('compare'),
    Type.Literal('approval'),
    Type.Literal('approved'),
  ]),
  version: Type.Integer({ minimum: 1 }),
});
export type IndentUpsertedData = Static<typeof IndentUpsertedData>;
export const IndentUpserted = defineEvent('erp.indent.upserted.v1', IndentUpsertedData);
