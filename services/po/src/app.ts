import { fileURLToPath } from 'node:url';
import { answersCache, ensureSearchIndexes, type ServiceDefinition } from '@erp/service-kit';
import { companyProfile, unattachedPhotosPerHour } from './config.js';
import { indentApprovedConsumer } from './events/indent-approved.js';
import { vendorDetailsConsumer } from './events/vendor-details.js';
import { purchaseOrdersRepository } from './repositories/purchase-orders.js';
import { pdfRoutes } from './routes/pdf.js';
import { photoRoutes } from './routes/photos.js';
import { poRoutes } from './routes/po.js';
import { receiptRoutes } from './routes/receipts.js';

export { unattachedPhotosPerHour } from './config.js';
export { createPurchaseOrders, indentApprovedConsumer, poCreatedData } from './events/indent-approved.js';
export { planPurchaseOrders, type PlannedPo } from './domain/plan.js';
export { poNumber } from './domain/purchase-order.js';
export { purchaseOrdersRepository, type PurchaseOrdersRepository } from './repositories/purchase-orders.js';

/**
 * PO service: purchase orders generated per vendor from approved indents (erp.indent.approved.v1 →
 * erp.po.created.v1), the PO list and a PO's page (SPEC §2 "PO list", "PO details", §7 /po), goods
 * receipts with their invoice photos (POST /poReceipt → erp.po.receipt_recorded.v1, from which the
 * projects service counts BOQ consumption), an Admin's short-close, and the dashboard's active PO
 * count. Authorises from the replica of auth's events.
 */
export function poService(): ServiceDefinition {
  const schema = 'po';
  const pos = purchaseOrdersRepository(schema);
  // The PO list's answers, kept per data generation (decision 0023).
  const answers = answersCache(schema);
  return {
    name: 'po',
    schema,
    migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
    async onStart(ctx) {
      // The PO list's keyword search along a trigram index (as the project and vendor lists).
      await ensureSearchIndexes(
        ctx,
        [{ name: 'purchase_orders_search_trgm', table: `${schema}.purchase_orders`, column: 'search' }],
        'PO keyword searches scan instead of using a trigram index',
      );
    },
    consumers: [indentApprovedConsumer(pos), vendorDetailsConsumer(schema)],
    // Invoice photos uploaded for a receipt that was never sent (abandoned on site) go after a day.
    async prune(ctx) {
      const removed = await pos.pruneUnattachedPhotos(ctx.db, new Date(Date.now() - 24 * 3600_000));
      if (removed > 0) ctx.log.info({ removed }, 'removed invoice photos no receipt named');
    },
    async routes(app, ctx) {
      const deps = {
        ctx,
        pos,
        answers,
        company: companyProfile(),
        unattachedPhotosPerHour: unattachedPhotosPerHour(),
      };
      // The photo routes first: they register the multipart parser, as it was before any PO route.
      await photoRoutes(app, deps);
      await poRoutes(app, deps);
      await receiptRoutes(app, deps);
      await pdfRoutes(app, deps);
    },
  };
}
