import { Type, type Static } from 'typebox';
import { amountTooLarge, MAX_MOQ, MAX_RUPEES, MOQ_TOO_LARGE } from '../money.js';
import { Actor, Paging, TotalCapped, OneOf, ListPage } from './common.js';

/** SPEC §9 units. */
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
] as const;
export type Unit = (typeof UNITS)[number];

export const PriceStatus = OneOf(['active', 'inactive']);

/**
 * Rupees on the wire (two decimals at most); stored as integer paise. The maximum (MAX_RUPEES) is
 * checked in a sub-schema of its own so that an amount too large is told so ("Price cannot be more
 * than ₹10,00,00,000.00", as the form says), not with the field's message for a bad amount.
 */
export const Rupees = (
  field: string,
  opts: { exclusiveMinimum?: number; minimum?: number; errorMessage?: string } = {},
) =>
  Type.Number({
    multipleOf: 0.01,
    ...opts,
    allOf: [{ maximum: MAX_RUPEES, errorMessage: amountTooLarge(field) }],
  });

/** Minimum order quantity: at most MAX_MOQ (money.ts) in the item's unit, two decimals. */
const Moq = (errorMessage?: string) =>
  Type.Number({
    minimum: 0,
    multipleOf: 0.01,
    ...(errorMessage ? { errorMessage } : {}),
    allOf: [{ maximum: MAX_MOQ, errorMessage: MOQ_TOO_LARGE }],
  });

/** A vendor's price for an item (SPEC §3 "Vendor entry"). `vendor.name` is a snapshot kept current by vendor events. */
export const VendorPrice = Type.Object({
  _id: Type.String(),
  vendor: Type.Object({
    _id: Type.String(),
    name: Type.String(),
    vendorId: Type.String(),
    status: Type.String(),
  }),
  price: Type.Number(),
  gst: Type.Number({ description: 'GST amount per unit, rupees' }),
  totalPrice: Type.Number({ description: 'price + gst' }),
  /** Minimum order quantity in the item's unit (0 = none). */
  moq: Type.Number(),
  status: PriceStatus,
  notes: Type.String(),
  updatedAt: Type.String(),
  updatedBy: Actor,
});
export type VendorPrice = Static<typeof VendorPrice>;

export const PriceRange = Type.Union([Type.Object({ min: Type.Number(), max: Type.Number() }), Type.Null()]);

export const Item = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  unit: Type.String(),
  status: PriceStatus,
  vendorCount: Type.Integer({ description: 'Active vendor prices' }),
  /** Lowest total per unit (price + GST) among active prices, rupees; null without one. */
  bestPrice: Type.Union([Type.Number(), Type.Null()]),
  priceRange: PriceRange,
  vendors: Type.Array(VendorPrice),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  createdBy: Actor,
  updatedBy: Actor,
  version: Type.Integer(),
});
export type Item = Static<typeof Item>;

/** One vendor price row as the item form sends it. `_id` identifies an existing row. */
export const VendorPriceInput = Type.Object(
  {
    _id: Type.Optional(Type.String({ format: 'uuid' })),
    vendor: Type.String({ format: 'uuid', errorMessage: 'Choose a vendor for every price row' }),
    price: Rupees('Price', { errorMessage: 'Price must be greater than 0' }),
    gst: Type.Optional(Rupees('GST', { minimum: 0, errorMessage: 'GST must be 0 or more' })),
    moq: Type.Optional(Moq('MOQ must be 0 or more')),
    status: Type.Optional(PriceStatus),
    notes: Type.Optional(Type.String({ maxLength: 1000 })),
  },
  { additionalProperties: false },
);
export type VendorPriceInput = Static<typeof VendorPriceInput>;

export const CreateItemBody = Type.Object(
  {
    name: Type.String({ maxLength: 200 }),
    unit: Type.String({ maxLength: 20 }),
    vendors: Type.Optional(Type.Array(VendorPriceInput, { maxItems: 200 })),
  },
  { additionalProperties: false },
);
export type CreateItemBody = Static<typeof CreateItemBody>;

export const UpdateItemBody = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 200 })),
    unit: Type.Optional(Type.String({ maxLength: 20 })),
    status: Type.Optional(PriceStatus),
    /** The full list of vendor prices; rows left out are removed. */
    vendors: Type.Optional(Type.Array(VendorPriceInput, { maxItems: 200 })),
    version: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);
export type UpdateItemBody = Static<typeof UpdateItemBody>;

export const ItemResponse = Type.Object({ message: Type.String(), item: Item });
export type ItemResponse = Static<typeof ItemResponse>;

export const ItemListQuery = Type.Object({
  ...Paging,
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  Keyword: Type.Optional(Type.String({ maxLength: 100 })),
  status: Type.Optional(
    Type.String({
      pattern: '^(all|active|inactive|)$',
      errorMessage: 'Status must be all, active or inactive',
    }),
  ),
});
export type ItemListQuery = Static<typeof ItemListQuery>;

/** A list row: the item without its price rows. */
export const ItemSummary = Type.Omit(Item, ['vendors']);
export type ItemSummary = Static<typeof ItemSummary>;

/** SPEC §7: result/ItemData and totalItems/total; totalCapped when the count stopped at its cap. */
export const ItemListResponse = Type.Object({
  result: Type.Array(ItemSummary),
  ItemData: Type.Array(ItemSummary),
  totalItems: Type.Integer(),
  total: Type.Integer(),
  totalCapped: TotalCapped,
});
export type ItemListResponse = Static<typeof ItemListResponse>;

/** One change of one vendor's price for one item. */
export const PriceChange = Type.Object({
  _id: Type.String(),
  itemId: Type.String(),
  vendor: Type.Object({ _id: Type.String(), name: Type.String() }),
  change: OneOf(['added', 'updated', 'deactivated', 'activated', 'removed']),
  oldPrice: Type.Union([Type.Number(), Type.Null()]),
  newPrice: Type.Union([Type.Number(), Type.Null()]),
  oldGst: Type.Union([Type.Number(), Type.Null()]),
  newGst: Type.Union([Type.Number(), Type.Null()]),
  changedBy: Actor,
  changedAt: Type.String(),
});
export type PriceChange = Static<typeof PriceChange>;
export const PriceHistoryResponse = Type.Object({
  result: Type.Array(PriceChange),
  totalItems: Type.Integer(),
});
export type PriceHistoryResponse = Static<typeof PriceHistoryResponse>;

/** SPEC §3 "Vendor item link": a vendor's prices across items (vendor detail screen). */
export const VendorItemLink = Type.Object({
  _id: Type.String({ description: 'The price row id' }),
  itemId: Type.String(),
  name: Type.String(),
  itemName: Type.String(),
  unit: Type.String(),
  price: Type.Number(),
  gst: Type.Number(),
  totalPrice: Type.Number(),
  moq: Type.Number(),
  active: Type.Boolean(),
  status: PriceStatus,
  notes: Type.String(),
  updatedAt: Type.String(),
  lastUpdatedBy: Actor,
  itemVersion: Type.Integer(),
});
export type VendorItemLink = Static<typeof VendorItemLink>;
export const VendorItemsResponse = ListPage(VendorItemLink);
export type VendorItemsResponse = Static<typeof VendorItemsResponse>;

/** Edit one vendor's price on one item from the vendor detail screen. */
export const UpdateVendorPriceBody = Type.Object(
  {
    price: Type.Optional(Rupees('Price', { errorMessage: 'Price must be greater than 0' })),
    gst: Type.Optional(Rupees('GST', { minimum: 0, errorMessage: 'GST must be 0 or more' })),
    moq: Type.Optional(Moq()),
    status: Type.Optional(PriceStatus),
    notes: Type.Optional(Type.String({ maxLength: 1000 })),
    /** The item's version the client read (stale -> 409). */
    version: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);
export type UpdateVendorPriceBody = Static<typeof UpdateVendorPriceBody>;

/** Import of items with vendor prices from CSV or XLSX; one file row is one item-vendor price. */
export const IMPORT_COLUMNS = [
  'Item Name',
  'Unit',
  'Vendor',
  'Price',
  'GST',
  'MOQ',
  'Status',
  'Notes',
] as const;
export const ImportRowResult = Type.Object({
  row: Type.Integer({ description: 'Row number in the file, header is row 1' }),
  itemName: Type.String(),
  vendor: Type.String(),
  outcome: OneOf(['created', 'updated', 'unchanged', 'refused']),
  message: Type.String(),
});
export type ImportRowResult = Static<typeof ImportRowResult>;
export const ImportJob = Type.Object({
  _id: Type.String(),
  fileName: Type.String(),
  status: OneOf(['running', 'done', 'failed']),
  totalRows: Type.Integer(),
  processedRows: Type.Integer(),
  created: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  refused: Type.Integer(),
  message: Type.String(),
  rows: Type.Array(ImportRowResult),
  createdAt: Type.String(),
});
export type ImportJob = Static<typeof ImportJob>;

/** GET /items/vendor/:vendorId (vendor detail screen: search, status filter, sort). */
export const VENDOR_ITEM_SORTS = ['itemName', 'price', 'moq', 'updatedAt'] as const;
export const VendorItemsQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  status: Type.Optional(
    Type.String({
      pattern: '^(all|active|inactive|)$',
      errorMessage: 'Status must be all, active or inactive',
    }),
  ),
  sort: Type.Optional(
    Type.String({
      pattern: '^(itemName|price|moq|updatedAt)$',
      errorMessage: 'Sort must be one of: itemName, price, moq, updatedAt',
    }),
  ),
  order: Type.Optional(Type.String({ pattern: '^(asc|desc)$', errorMessage: 'Order must be asc or desc' })),
});
export type VendorItemsQuery = Static<typeof VendorItemsQuery>;

export const VendorIdParams = Type.Object({
  vendorId: Type.String({ format: 'uuid', errorMessage: 'must be a valid id' }),
});
export const ItemVendorParams = Type.Object({
  id: Type.String({ format: 'uuid', errorMessage: 'must be a valid id' }),
  vendorId: Type.String({ format: 'uuid', errorMessage: 'must be a valid id' }),
});
export type ItemVendorParams = Static<typeof ItemVendorParams>;
export const ImportJobParams = Type.Object({
  jobId: Type.String({ format: 'uuid', errorMessage: 'must be a valid id' }),
});

export const ItemExportQuery = Type.Object({
  format: Type.Optional(
    Type.String({ pattern: '^(csv|xlsx)$', default: 'csv', errorMessage: 'Format must be csv or xlsx' }),
  ),
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  Keyword: Type.Optional(Type.String({ maxLength: 100 })),
});
export type ItemExportQuery = Static<typeof ItemExportQuery>;

/** GET /items/stats: active items (dashboard card). */
export const ItemStatsResponse = Type.Object({ totalItems: Type.Integer() });
export type ItemStatsResponse = Static<typeof ItemStatsResponse>;

/** Remove one vendor price: optional item version (stale -> 409). */
export const RemoveVendorPriceQuery = Type.Object({ version: Type.Optional(Type.Integer({ minimum: 1 })) });
export type RemoveVendorPriceQuery = Static<typeof RemoveVendorPriceQuery>;
