import { Type, type Static } from 'typebox';
import { defineEvent } from './envelope.js';

/** A vendor was created or changed: what other services show of it (name snapshot, status). */
export const VendorUpsertedData = Type.Object({
  vendorId: Type.String({ description: 'Key (uuid)' }),
  displayId: Type.String({ description: 'VEN-0001' }),
  name: Type.String(),
  status: Type.Union([Type.Literal('active'), Type.Literal('inactive'), Type.Literal('blocked')]),
  version: Type.Integer(),
});
export type VendorUpsertedData = Static<typeof VendorUpsertedData>;
export const VendorUpdated = defineEvent('erp.vendors.vendor_updated.v1', VendorUpsertedData);

/** The set of items a vendor has active prices for changed: the vendor's item count. */
export const VendorItemsChangedData = Type.Object({
  vendorId: Type.String(),
  activeItems: Type.Integer(),
  /** Increases with every change of this vendor's prices; consumers keep the highest. */
  sequence: Type.Integer(),
});
export type VendorItemsChangedData = Static<typeof VendorItemsChangedData>;
export const VendorItemsChanged = defineEvent('erp.catalog.vendor_items_changed.v1', VendorItemsChangedData);
