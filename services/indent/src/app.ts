import { fileURLToPath } from 'node:url';
import { answersCache, ensureSearchIndexes, type ServiceDefinition } from '@erp/service-kit';
import { replicaConsumers, requestItemsIfEmpty } from './plugins/replicas.js';
import { indentRepository } from './repositories/indents.js';
import { approvalRoutes } from './routes/approval.js';
import type { IndentDeps } from './routes/common.js';
import { compareRoutes } from './routes/compare.js';
import { fleetRoutes } from './routes/fleet.js';
import { indentsRoutes } from './routes/indents.js';
import { statsRoutes } from './routes/stats.js';

export { indentRepository, type IndentRepository } from './repositories/indents.js';

/**
 * Indent service: indents against a project's BOQ, the purchaser's vendor comparison, the Admin's
 * approval or send-back (SPEC §2 "Indent …", "Compare …", "Approval …", §7 /indent). What it shows
 * of projects, BOQs, items, prices and vendors comes from those services' events (plugins/replicas.ts);
 * approval announces erp.indent.approved.v1, from which the PO service makes the purchase orders.
 */
export function indentService(): ServiceDefinition {
  const schema = 'indent';
  const indents = indentRepository(schema);
  const answers = answersCache(schema);
  return {
    name: 'indent',
    schema,
    migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
    async onStart(ctx) {
      // The list's keyword search and its count along a trigram index (as the project and BOQ lists).
      await ensureSearchIndexes(
        ctx,
        [{ name: 'indents_search_trgm', table: `${schema}.indents`, column: 'search' }],
        'indent keyword searches scan instead of using a trigram index',
      );
      await requestItemsIfEmpty(ctx);
    },
    consumers: replicaConsumers(schema, indents),
    async routes(app, ctx) {
      const deps: IndentDeps = { ctx, indents, answers };
      // One plugin per resource: the dashboard's counts, indents, comparison, approval, fleet costs.
      for (const plugin of [statsRoutes, indentsRoutes, compareRoutes, approvalRoutes, fleetRoutes])
        await plugin(app, deps);
    },
  };
}
