import { VendorUpdated } from '@erp/contracts';
import type { ServiceContext } from '@erp/service-kit';
import { vendorUpdatedData } from './events.js';
import { queueDemoLedger } from './ledger/demo.js';
import type { VendorInput, VendorsRepository } from './repositories/vendors.js';

/** Demo suppliers of a Pune builder: cement, steel, sand, bricks, plywood and hardware (GSTIN state code 27). */
export const DEMO_VENDORS: VendorInput[] = [
  {
    name: 'Shree Ganesh Cement Traders',
    contactPerson: 'Ganesh Jadhav',
    phoneNumber: '9822011001',
    email: 'orders@shreeganeshcement.example',
    altPhoneNumber: '9822011002',
    altEmail: '',
    address: 'Shop 12, Market Yard, Gultekdi, Pune, Maharashtra 411037',
    gstin: '27AAKFS1234M1Z5',
    paymentTerms: 30,
    notes: 'UltraTech and ACC dealer; delivers within 24 hours inside Pune.',
    status: 'active',
  },
  {
    name: 'Deccan Steel Suppliers',
    contactPerson: 'Imran Shaikh',
    phoneNumber: '9890022001',
    email: 'sales@deccansteel.example',
    altPhoneNumber: '',
    altEmail: 'accounts@deccansteel.example',
    address: 'Plot 45, Bhosari MIDC, Pimpri Chinchwad, Pune, Maharashtra 411026',
    gstin: '27AADCD5678K1Z3',
    paymentTerms: 45,
    notes: 'TMT bars Fe 500D, binding wire, structural sections.',
    status: 'active',
  },
  {
    name: 'Godavari Sand and Aggregates',
    contactPerson: 'Sunil Pawar',
    phoneNumber: '9763033001',
    email: 'godavari.aggregates@example.com',
    altPhoneNumber: '',
    altEmail: '',
    address: 'Gat No 210, Adgaon Shivar, Nashik, Maharashtra 422003',
    gstin: '27AAHFG9012L1Z8',
    paymentTerms: 30,
    notes: 'M-sand, river sand, 10 mm and 20 mm aggregate by the brass.',
    status: 'active',
  },
  {
    name: 'Sahyadri Bricks and Blocks',
    contactPerson: 'Vaishali Shinde',
    phoneNumber: '9921044001',
    email: 'info@sahyadribricks.example',
    altPhoneNumber: '9921044002',
    altEmail: '',
    address: 'Survey 78, Shirwal, Khandala Taluka, Satara, Maharashtra 412801',
    gstin: '27ABCFS3456N1Z1',
    paymentTerms: 60,
    notes: 'Red clay bricks and AAC blocks; minimum order one truck.',
    status: 'active',
  },
  {
    name: 'Western Ply and Hardware',
    contactPerson: 'Mehul Shah',
    phoneNumber: '9820055001',
    email: 'mehul@westernply.example',
    altPhoneNumber: '',
    altEmail: 'billing@westernply.example',
    address: '221 Lamington Road, Grant Road East, Mumbai, Maharashtra 400007',
    gstin: '27AAEFW7890P1Z6',
    paymentTerms: 45,
    notes: 'Marine ply, shuttering ply, fasteners and door hardware.',
    status: 'inactive',
  },
];

/** Demo vendors on a new database when SEED_DEMO is on; never touches a database that has vendors. */
export async function seedVendors(ctx: ServiceContext, vendors: VendorsRepository): Promise<void> {
  if (!ctx.config.seedDemo) return;
  await ctx.tx(async (tx) => {
    // Two instances starting together: one seeds, the other then sees the rows.
    if (ctx.db.kind === 'postgres')
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`seed:${ctx.schema}`]);
    if ((await vendors.count(tx)) > 0) return;
    for (const v of DEMO_VENDORS) {
      const id = await vendors.insert(tx, v, null);
      await ctx.audit(tx, {
        actorId: null,
        action: 'vendor_seeded',
        entity: 'vendor',
        entityId: id,
        details: { name: v.name },
      });
      await ctx.emit(tx, VendorUpdated, vendorUpdatedData((await vendors.byId(tx, id))!));
    }
    // A payment to Deccan Steel and a credit note from Godavari, appended once their demo POs reach the ledger.
    await queueDemoLedger(tx, ctx.schema);
    ctx.log.info({ vendors: DEMO_VENDORS.length }, 'seeded the demo vendors');
  });
}
