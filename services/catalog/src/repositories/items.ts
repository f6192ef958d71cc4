/** SQL of items, vendor prices and price history; rows to the wire shapes of @erp/contracts. */
import {
  fromHundredths,
  fromPaise,
  unitTotal,
  type Item,
  type ItemSummary,
  type PriceChange,
  type VendorItemLink,
  type VendorPrice,
} from '@erp/contracts';
import { containsPattern, pagedSearch, type Page, type Queryable } from '@erp/service-kit';
import type { ItemPlan, ItemState, PriceState, Status } from '../plan.js';

/** Where the previous page of `indexPage` ended. */
export interface IndexCursor {
  time: string;
  id: string;
}

export interface IndexRow {
  id: string;
  nameKey: string;
  active: boolean;
  cursor: IndexCursor;
  /** Version and update time: every write of an item changes it, so an equal stamp means an unchanged entry. */
  stamp: string;
  /** The item's entry in the item list (ItemSummary) as JSON text; left out when asked for without entries. */
  json?: string;
}

export interface Actor {
  id: string;
  name: string;
}

interface ItemRow {
  id: string;
  name: string;
  unit: string;
  status: Status;
  vendor_count: number;
  best_total_paise: number | null;
  min_total_paise: number | null;
  max_total_paise: number | null;
  created_at: Date;
  updated_at: Date;
  created_by: string | null;
  created_by_name: string | null;
  updated_by: string | null;
  updated_by_name: string | null;
  version: number;
}

interface PriceRow {
  id: string;
  item_id: string;
  vendor_id: string;
  price_paise: number;
  gst_paise: number;
  moq_hundredths: number;
  status: Status;
  notes: string;
  updated_at: Date;
  updated_by: string | null;
  updated_by_name: string | null;
  vendor_name: string;
  display_id: string;
  vendor_status: string;
}

const ITEM_COLUMNS = `id, name, unit, status, vendor_count, best_total_paise, min_total_paise, max_total_paise,
  created_at, updated_at, created_by, created_by_name, updated_by, updated_by_name, version`;

const ITEM_COLUMNS_OF_I = ITEM_COLUMNS.split(',')
  .map((c) => `i.${c.trim()}`)
  .join(', ');

const actor = (id: string | null, name: string | null) => (id ? { _id: id, name: name ?? '' } : null);

function toSummary(r: ItemRow): ItemSummary {
  return {
    _id: r.id,
    name: r.name,
    unit: r.unit,
    status: r.status,
    vendorCount: r.vendor_count,
    bestPrice: r.best_total_paise === null ? null : fromPaise(r.best_total_paise),
    priceRange:
      r.min_total_paise === null || r.max_total_paise === null
        ? null
        : { min: fromPaise(r.min_total_paise), max: fromPaise(r.max_total_paise) },
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    createdBy: actor(r.created_by, r.created_by_name),
    updatedBy: actor(r.updated_by, r.updated_by_name),
    version: r.version,
  };
}

function toVendorPrice(p: PriceRow): VendorPrice {
  return {
    _id: p.id,
    vendor: { _id: p.vendor_id, name: p.vendor_name, vendorId: p.display_id, status: p.vendor_status },
    price: fromPaise(p.price_paise),
    gst: fromPaise(p.gst_paise),
    totalPrice: fromPaise(unitTotal(p.price_paise, p.gst_paise)),
    moq: fromHundredths(p.moq_hundredths),
    status: p.status,
    notes: p.notes,
    updatedAt: p.updated_at.toISOString(),
    updatedBy: actor(p.updated_by, p.updated_by_name),
  };
}

export function itemsRepository(schema: string) {
  const s = schema;
  const PRICE_SELECT = `SELECT p.id, p.item_id, p.vendor_id, p.price_paise, p.gst_paise, p.moq_hundredths, p.status, p.notes, p.updated_at,
      p.updated_by, p.updated_by_name, v.name AS vendor_name, v.display_id, v.status AS vendor_status
    FROM ${s}.vendor_prices p JOIN ${s}.vendor_snapshots v ON v.vendor_id = p.vendor_id`;

  return {
    async get(db: Queryable, id: string): Promise<Item | null> {
      const res = await db.query<ItemRow>(`SELECT ${ITEM_COLUMNS} FROM ${s}.items WHERE id = $1`, [id]);
      const row = res.rows[0];
      if (!row) return null;
      const prices = await db.query<PriceRow>(
        `${PRICE_SELECT} WHERE p.item_id = $1 ORDER BY p.created_at, p.id`,
        [id],
      );
      return { ...toSummary(row), vendors: prices.rows.map(toVendorPrice) };
    },

    /** The stored state for a write, locked against concurrent writers of the same item. */
    async lockState(tx: Queryable, id: string): Promise<ItemState | null> {
      const res = await tx.query<ItemRow>(`SELECT ${ITEM_COLUMNS} FROM ${s}.items WHERE id = $1 FOR UPDATE`, [
        id,
      ]);
      const row = res.rows[0];
      if (!row) return null;
      const prices = await tx.query<PriceRow>(`SELECT * FROM ${s}.vendor_prices WHERE item_id = $1`, [id]);
      return {
        id: row.id,
        name: row.name,
        unit: row.unit,
        status: row.status,
        version: row.version,
        prices: prices.rows.map(toPriceState),
      };
    },

    /** Stored states by lower-case name, for a batch of import groups (one query each table). */
    async lockStatesByKey(tx: Queryable, keys: string[]): Promise<Map<string, ItemState>> {
      const out = new Map<string, ItemState>();
      if (keys.length === 0) return out;
      const res = await tx.query<ItemRow & { name_key: string }>(
        // A join with the keys (not `= ANY`): before statistics exist PostgreSQL may scan the table
        // comparing every row with every key, which took ~1 s per 250 keys at 10,000 items.
        `SELECT ${ITEM_COLUMNS_OF_I}, i.name_key FROM ${s}.items i JOIN unnest($1::text[]) AS k(key) ON k.key = i.name_key FOR UPDATE OF i`,
        [keys],
      );
      if (res.rows.length === 0) return out;
      const prices = await tx.query<PriceRow>(
        `SELECT p.* FROM ${s}.vendor_prices p JOIN unnest($1::uuid[]) AS k(id) ON k.id = p.item_id`,
        [res.rows.map((r) => r.id)],
      );
      const byItem = new Map<string, PriceState[]>();
      for (const p of prices.rows) {
        const list = byItem.get(p.item_id) ?? [];
        list.push(toPriceState(p));
        byItem.set(p.item_id, list);
      }
      for (const r of res.rows) {
        out.set(r.name_key, {
          id: r.id,
          name: r.name,
          unit: r.unit,
          status: r.status,
          version: r.version,
          prices: byItem.get(r.id) ?? [],
        });
      }
      return out;
    },

    /** Another item with this name (compared as the unique key does). */
    async nameTaken(db: Queryable, name: string, exceptId: string | null): Promise<boolean> {
      const res = await db.query(
        `SELECT 1 FROM ${s}.items WHERE name_key = lower(btrim($1)) AND ($2::uuid IS NULL OR id <> $2::uuid)`,
        [name, exceptId],
      );
      return res.rows.length > 0;
    },

    /**
     * Write a plan: the item row with its derived values, the price rows and their history. Returns
     * the item's version after the write (null when the plan changes nothing).
     */
    async apply(tx: Queryable, plan: ItemPlan, by: Actor): Promise<number | null> {
      if (!plan.changed) return null;
      const d = plan.derived;
      let written;
      if (plan.create) {
        written = await tx.query<{ version: number }>(
          `INSERT INTO ${s}.items (id, name, unit, status, vendor_count, best_total_paise, min_total_paise, max_total_paise,
             created_by, created_by_name, updated_by, updated_by_name)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $9, $10) RETURNING version`,
          [
            plan.itemId,
            plan.name,
            plan.unit,
            plan.status,
            d.vendorCount,
            d.bestPaise,
            d.minPaise,
            d.maxPaise,
            by.id,
            by.name,
          ],
        );
      } else {
        written = await tx.query<{ version: number }>(
          `UPDATE ${s}.items SET name = $2, unit = $3, status = $4, vendor_count = $5, best_total_paise = $6, min_total_paise = $7,
             max_total_paise = $8, updated_by = $9, updated_by_name = $10, updated_at = clock_timestamp(), version = version + 1
           WHERE id = $1 RETURNING version`,
          [
            plan.itemId,
            plan.name,
            plan.unit,
            plan.status,
            d.vendorCount,
            d.bestPaise,
            d.minPaise,
            d.maxPaise,
            by.id,
            by.name,
          ],
        );
      }
      if (plan.deletes.length > 0)
        await tx.query(`DELETE FROM ${s}.vendor_prices WHERE id = ANY($1::uuid[])`, [plan.deletes]);
      if (plan.upserts.length > 0) {
        const rows = plan.upserts.map((p) => ({
          id: p.id,
          vendor_id: p.vendorId,
          price_paise: p.pricePaise,
          gst_paise: p.gstPaise,
          moq_hundredths: p.moqHundredths,
          status: p.status,
          notes: p.notes,
        }));
        await tx.query(
          `INSERT INTO ${s}.vendor_prices (id, item_id, vendor_id, price_paise, gst_paise, moq_hundredths, status, notes, updated_by, updated_by_name, updated_at)
           SELECT r.id, $2, r.vendor_id, r.price_paise, r.gst_paise, r.moq_hundredths, r.status, r.notes, $3, $4, clock_timestamp()
             FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, vendor_id uuid, price_paise bigint, gst_paise bigint, moq_hundredths bigint, status text, notes text)
           ON CONFLICT (id) DO UPDATE SET price_paise = EXCLUDED.price_paise, gst_paise = EXCLUDED.gst_paise, moq_hundredths = EXCLUDED.moq_hundredths,
             status = EXCLUDED.status, notes = EXCLUDED.notes, updated_by = EXCLUDED.updated_by, updated_by_name = EXCLUDED.updated_by_name,
             updated_at = EXCLUDED.updated_at`,
          [JSON.stringify(rows), plan.itemId, by.id, by.name],
        );
      }
      if (plan.history.length > 0) await this.writeHistory(tx, plan.itemId, plan.history, by);
      return written.rows[0]!.version;
    },

    async writeHistory(
      tx: Queryable,
      itemId: string,
      history: ItemPlan['history'],
      by: Actor,
    ): Promise<void> {
      const rows = history.map((h, n) => ({
        n,
        vendor_id: h.vendorId,
        change: h.change,
        old_price: h.oldPrice,
        new_price: h.newPrice,
        old_gst: h.oldGst,
        new_gst: h.newGst,
      }));
      await tx.query(
        `INSERT INTO ${s}.price_history (id, item_id, vendor_id, change, old_price_paise, new_price_paise, old_gst_paise, new_gst_paise, changed_by, changed_by_name, changed_at)
         SELECT gen_random_uuid(), $2, r.vendor_id, r.change, r.old_price, r.new_price, r.old_gst, r.new_gst, $3, $4, clock_timestamp()
           FROM jsonb_to_recordset($1::jsonb) AS r(n int, vendor_id uuid, change text, old_price bigint, new_price bigint, old_gst bigint, new_gst bigint)
          ORDER BY n`,
        [JSON.stringify(rows), itemId, by.id, by.name],
      );
    },

    /** A page of the item list (last updated first) with its capped total (ARCHITECTURE "Data"). */
    async list(
      db: Queryable,
      q: { keyword: string; status: Status | null; limit: number; offset: number; cap?: number },
    ): Promise<Page<ItemSummary>> {
      const where: string[] = [];
      const params: unknown[] = [];
      if (q.keyword) {
        params.push(containsPattern(q.keyword));
        where.push(`name_key LIKE $${params.length}`);
      }
      if (q.status) {
        params.push(q.status);
        where.push(`status = $${params.length}`);
      }
      const page = await pagedSearch<ItemRow>(db, {
        select: ITEM_COLUMNS,
        from: `${s}.items`,
        where,
        params,
        orderBy: 'updated_at DESC, id DESC',
        limit: q.limit,
        offset: q.offset,
        cap: q.cap,
      });
      return { ...page, rows: page.rows.map(toSummary) };
    },

    /**
     * Items in list order (last updated first) after a cursor, for the in-memory name index: the
     * name key, whether active, a change stamp and, with `entries`, the item's list entry as JSON text.
     */
    async indexPage(
      db: Queryable,
      after: IndexCursor | null,
      limit: number,
      entries = true,
    ): Promise<IndexRow[]> {
      const res = await db.query<ItemRow & { name_key: string; cursor_time: string }>(
        `SELECT ${entries ? ITEM_COLUMNS : 'id, status, version'}, name_key, updated_at::text AS cursor_time FROM ${s}.items
          ${after ? 'WHERE (updated_at, id) < ($1::timestamptz, $2::uuid)' : ''}
          ORDER BY updated_at DESC, id DESC LIMIT ${Math.trunc(limit)}`,
        after ? [after.time, after.id] : [],
      );
      return res.rows.map((r) => ({
        id: r.id,
        nameKey: r.name_key,
        active: r.status === 'active',
        // The time as text keeps its microseconds (a Date would round them and skip or repeat rows).
        cursor: { time: r.cursor_time, id: r.id },
        stamp: `${r.version}@${r.cursor_time}`,
        json: entries ? JSON.stringify(toSummary(r)) : undefined,
      }));
    },

    /** List entries (ItemSummary as JSON text) of these items, by id. */
    async indexEntries(db: Queryable, ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const res = await db.query<ItemRow>(
        `SELECT ${ITEM_COLUMNS} FROM ${s}.items WHERE id = ANY($1::uuid[])`,
        [ids],
      );
      return new Map(res.rows.map((r) => [r.id, JSON.stringify(toSummary(r))]));
    },

    async countActive(db: Queryable): Promise<number> {
      const res = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${s}.items WHERE status = 'active'`,
      );
      return res.rows[0]!.n;
    },

    async history(db: Queryable, itemId: string): Promise<PriceChange[]> {
      const res = await db.query<{
        id: string;
        vendor_id: string;
        vendor_name: string | null;
        change: PriceChange['change'];
        old_price_paise: number | null;
        new_price_paise: number | null;
        old_gst_paise: number | null;
        new_gst_paise: number | null;
        changed_by: string | null;
        changed_by_name: string | null;
        changed_at: Date;
      }>(
        `SELECT h.*, v.name AS vendor_name FROM ${s}.price_history h LEFT JOIN ${s}.vendor_snapshots v ON v.vendor_id = h.vendor_id
          WHERE h.item_id = $1 ORDER BY h.seq DESC LIMIT 1000`,
        [itemId],
      );
      const money = (v: number | null) => (v === null ? null : fromPaise(v));
      return res.rows.map((h) => ({
        _id: h.id,
        itemId,
        vendor: { _id: h.vendor_id, name: h.vendor_name ?? '' },
        change: h.change,
        oldPrice: money(h.old_price_paise),
        newPrice: money(h.new_price_paise),
        oldGst: money(h.old_gst_paise),
        newGst: money(h.new_gst_paise),
        changedBy: actor(h.changed_by, h.changed_by_name),
        changedAt: h.changed_at.toISOString(),
      }));
    },

    async vendorItems(
      db: Queryable,
      vendorId: string,
      q: {
        keyword: string;
        status: Status | null;
        sort: string;
        order: 'asc' | 'desc';
        limit: number;
        offset: number;
        cap?: number;
      },
    ): Promise<Page<VendorItemLink>> {
      const params: unknown[] = [vendorId];
      const where = ['p.vendor_id = $1'];
      if (q.keyword) {
        params.push(containsPattern(q.keyword));
        where.push(`i.name_key LIKE $${params.length}`);
      }
      if (q.status) {
        params.push(q.status);
        where.push(`p.status = $${params.length}`);
      }
      const sortColumn: Record<string, string> = {
        itemName: 'i.name_key',
        price: 'p.price_paise',
        moq: 'p.moq_hundredths',
        updatedAt: 'p.updated_at',
      };
      const dir = q.order === 'desc' ? 'DESC' : 'ASC';
      const order = `${sortColumn[q.sort] ?? 'i.name_key'} ${dir}, i.name_key ${dir}, p.id`;
      const page = await pagedSearch<PriceRow & { item_name: string; unit: string; version: number }>(db, {
        select: 'p.*, i.name AS item_name, i.unit, i.version',
        from: `${s}.vendor_prices p JOIN ${s}.items i ON i.id = p.item_id`,
        where,
        params,
        orderBy: order,
        limit: q.limit,
        offset: q.offset,
        cap: q.cap,
      });
      return {
        ...page,
        rows: page.rows.map((r) => ({
          _id: r.id,
          itemId: r.item_id,
          name: r.item_name,
          itemName: r.item_name,
          unit: r.unit,
          price: fromPaise(r.price_paise),
          gst: fromPaise(r.gst_paise),
          totalPrice: fromPaise(unitTotal(r.price_paise, r.gst_paise)),
          moq: fromHundredths(r.moq_hundredths),
          active: r.status === 'active',
          status: r.status,
          notes: r.notes,
          updatedAt: r.updated_at.toISOString(),
          lastUpdatedBy: actor(r.updated_by, r.updated_by_name),
          itemVersion: r.version,
        })),
      };
    },
  };
}

function toPriceState(
  p: Pick<PriceRow, 'id' | 'vendor_id' | 'price_paise' | 'gst_paise' | 'moq_hundredths' | 'status' | 'notes'>,
): PriceState {
  return {
    id: p.id,
    vendorId: p.vendor_id,
    pricePaise: p.price_paise,
    gstPaise: p.gst_paise,
    moqHundredths: p.moq_hundredths,
    status: p.status,
    notes: p.notes,
  };
}

export type ItemsRepository = ReturnType<typeof itemsRepository>;
