/**
 * Constants of the catalog contract, held here so the browser bundle does not pull in TypeBox:
 * @erp/contracts declares them in schemas/catalog.ts next to the TypeBox schemas, and importing a
 * value from there brings the whole schema module (about 12 KB gzipped). The type checks below fail
 * the build if the contract's lists change and these do not follow.
 */
import type { IMPORT_COLUMNS as CONTRACT_IMPORT_COLUMNS, Unit } from '@erp/contracts';

/** SPEC §9 units, in the spec's order. */
export const UNITS = [
  'bags',
  'trucks',
  'pcs',
  'CBM',
  'tons',
  'meters',
  'sq.ft',
  'sq.m',
  'liters',
  'gallons',
  'boxes',
  'rolls',
  'sheets',
  'kg',
  'grams',
] as const satisfies readonly Unit[];

/** The columns an import file has (one row per item and vendor price). */
export const IMPORT_COLUMNS = [
  'Item Name',
  'Unit',
  'Vendor',
  'Price',
  'GST',
  'MOQ',
  'Status',
  'Notes',
] as const satisfies typeof CONTRACT_IMPORT_COLUMNS;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const unitsMatch: Same<(typeof UNITS)[number], Unit> = true;
void unitsMatch;
