import { fileURLToPath } from 'node:url';
import {
  answersCache,
  currentGeneration,
  ensureTrigramIndexes,
  type ServiceDefinition,
} from '@erp/service-kit';
import { loadImportLimits, type ImportLimits } from './config.js';
import { itemsSnapshotConsumer } from './events/items-snapshot.js';
import { vendorUpdatedConsumer } from './events/vendor-updated.js';
import { NameIndexKeeper } from './plugins/name-index.js';
import { importJobs } from './repositories/import-jobs.js';
import { itemsRepository } from './repositories/items.js';
import { vendorsRepository } from './repositories/vendors.js';
import { itemRoutes } from './routes/items.js';
import { transferRoutes, type TransferDeps } from './routes/transfer.js';
import { vendorPriceRoutes } from './routes/vendor-prices.js';

export { handleVendorUpdated } from './events/vendor-updated.js';

/**
 * Catalog service: the item master with vendor prices. Vendors are known only from vendor events
 * (snapshots); access comes from the replica of auth's events (no `directory` here).
 */
export interface CatalogOptions {
  /** When the in-memory name index is rebuilt after writes (tests shorten the quiet time). */
  nameIndex?: { quietMs?: number; maxStaleMs?: number };
  /** Environment read for the import limits (IMPORT_MAX_FILE_MB, ...); process.env by default. */
  env?: Record<string, string | undefined>;
  /** Import limits over those of the environment (tests use small ones). */
  importLimits?: Partial<ImportLimits>;
}

export function catalogService(opts: CatalogOptions = {}): ServiceDefinition {
  const schema = 'catalog';
  const items = itemsRepository(schema);
  const vendors = vendorsRepository(schema);
  const jobs = importJobs(schema);
  const running = new Set<Promise<void>>();
  const answers = answersCache(schema);
  let deps: TransferDeps | undefined;

  return {
    name: 'catalog',
    schema,
    migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
    async onStart(ctx) {
      const names = new NameIndexKeeper(
        ctx.db,
        { generation: (db) => currentGeneration(db, schema), items },
        {
          quietMs: opts.nameIndex?.quietMs ?? 1_000,
          maxStaleMs: opts.nameIndex?.maxStaleMs ?? 10_000,
          onBuilt: (size, ms) => ctx.log.info({ names: size, ms }, 'item name index built'),
          onError: (err) =>
            ctx.log.warn({ err }, 'item name index: build failed; lists are answered from SQL'),
        },
      );
      const limits = { ...loadImportLimits(opts.env ?? process.env), ...opts.importLimits };
      deps = { ctx, items, vendors, jobs, running, answers, names, limits };
      await jobs.failInterrupted(ctx.db);
      const trigram = await ensureTrigramIndexes(ctx.db, [
        { name: 'items_name_trgm', table: `${schema}.items`, column: 'name_key' },
      ]);
      if (!trigram)
        ctx.log.info('pg_trgm is not available: item search scans names instead of using a trigram index');
      void names.rebuild();
    },
    async onStop() {
      await Promise.allSettled([...running]);
      await deps?.names.stop();
    },
    consumers: [vendorUpdatedConsumer({ vendors }), itemsSnapshotConsumer()],
    async routes(app) {
      await itemRoutes(app, deps!);
      await vendorPriceRoutes(app, deps!);
      await transferRoutes(app, deps!);
    },
  };
}
