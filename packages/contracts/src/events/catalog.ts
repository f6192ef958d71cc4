import { Type, type Static } from 'typebox';
import { defineEvent } from './envelope.js';

/** A vendor was created or changed: what other services show of it (name snapshot, status). */
export const VendorUpsertedData = Type.Object({
  vendorId: Type.String({ description: 'Key (uuid)' }),
  displayId: Type.String({ description: 'VEN-0001' }),
  name: Type.String(),
  status: Type.Union([Type.Literal('active'), Type.Literal('inactive'), Type.Literal('blocked')]),
  version: Type.Integer(),
  /** What a printed PO shows of the vendor (added later: absent from older events). */
  address: Type.Optional(Type.String()),
  gstin: Type.Optional(Type.String()),
  phoneNumber: Type.Optional(Type.String()),
  email: Type.Optional(Type.String()),
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

/**
 * An item of the master was created or changed (name, unit, status): what other services show of
 * it. The BOQ lines of the projects service keep these snapshots; the newest version wins.
 */
export const ItemUpsertedData = Type.Object({
  itemId: Type.String({ description: 'Key (uuid)' }),
  name: Type.String(),
  unit: Type.String(),
  status: Type.Union([Type.Literal('active'), Type.Literal('inactive')]),
  version: Type.Integer(),
  /**
   * Every vendor price of the item (active and inactive), rupees per unit and GST per unit. Sent on
   * every change of the item or its prices; the indent service keeps them to offer vendors.
   * Absent from events written before prices were announced.
   */
  prices: Type.Optional(
    Type.Array(
      Type.Object({
        vendorId: Type.String(),
        price: Type.Number(),
        gst: Type.Number(),
        status: Type.Union([Type.Literal('active'), Type.Literal('inactive')]),
      }),
    ),
  ),
});
export type ItemUpsertedData = Static<typeof ItemUpsertedData>;
export const ItemUpserted = defineEvent('erp.catalog.item_upserted.v1', ItemUpsertedData);

/**
 * Every item at once, in chunks: the catalog's answer to a service whose item snapshots are empty
 * (first start, or a new service on an old database), which asks with
 * erp.<service>.items_snapshot_requested.v1.
 */
export const ItemsSnapshotData = Type.Object({
  items: Type.Array(ItemUpsertedData),
  chunk: Type.Integer(),
  chunks: Type.Integer(),
});
export type ItemsSnapshotData = Static<typeof ItemsSnapshotData>;
export const ItemsSnapshot = defineEvent('erp.catalog.items_snapshot.v1', ItemsSnapshotData);
export const ItemsSnapshotRequestedData = Type.Object({ service: Type.String() });
export type ItemsSnapshotRequestedData = Static<typeof ItemsSnapshotRequestedData>;
export const itemsSnapshotRequested = (service: string) =>
  defineEvent(`erp.${service}.items_snapshot_requested.v1`, ItemsSnapshotRequestedData);
export const ITEMS_SNAPSHOT_REQUESTS = 'erp.*.items_snapshot_requested.v1';
