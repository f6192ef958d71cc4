import { defaultModulesForRole, MemberUpserted, type Role } from '@erp/contracts';
import { memberUpsertedData } from './events.js';
import type { ServiceContext } from '@erp/service-kit';
import type { AuthConfig } from './config.js';
import { resolvePermissions, type MembersRepository } from './repositories/members.js';

export const DEMO_MEMBERS: Array<{
  name: string;
  phoneNumber: string;
  email: string;
  role: Role;
  notes: string;
}> = [
  {
    name: 'Demo Admin',
    phoneNumber: '9000000001',
    email: 'admin@demo.example',
    role: 'Admin',
    notes: 'Owner; approves indents and manages the team.',
  },
  {
    name: 'Priya Kulkarni',
    phoneNumber: '9000000002',
    email: 'priya.kulkarni@demo.example',
    role: 'Purchaser',
    notes: 'Purchase head; keeps the item master and vendor prices.',
  },
  {
    name: 'Rahul Deshmukh',
    phoneNumber: '9000000003',
    email: 'rahul.deshmukh@demo.example',
    role: 'Accountant',
    notes: 'Vendor payments and ledgers.',
  },
  {
    name: 'Sandeep Patil',
    phoneNumber: '9000000004',
    email: 'sandeep.patil@demo.example',
    role: 'Employee',
    notes: 'Site engineer.',
  },
];

/**
 * On a new database: the demo team (SEED_DEMO not false), or else the first Admin from
 * ADMIN_PHONE / ADMIN_NAME. Never touches a database that already has members.
 */
export async function seedMembers(
  ctx: ServiceContext,
  config: AuthConfig,
  members: MembersRepository,
): Promise<void> {
  await ctx.tx(async (tx) => {
    if (ctx.db.kind === 'postgres')
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`seed:${ctx.schema}`]);
    if ((await members.count(tx)) > 0) return;
    const people = ctx.config.seedDemo
      ? DEMO_MEMBERS
      : config.adminPhone
        ? [
            {
              name: config.adminName,
              phoneNumber: config.adminPhone,
              email: `admin+${config.adminPhone}@example.invalid`,
              role: 'Admin' as Role,
              notes: '',
            },
          ]
        : [];
    if (people.length === 0) {
      ctx.log.warn(
        'No team members yet: set ADMIN_PHONE (and ADMIN_NAME) to create the first Admin, or SEED_DEMO=true for demo data',
      );
      return;
    }
    for (const p of people) {
      const permissions = resolvePermissions(p.role, { modules: defaultModulesForRole(p.role) });
      const id = await members.insert(tx, { ...p, status: 'active', permissions }, null);
      await ctx.audit(tx, {
        actorId: null,
        action: 'member_seeded',
        entity: 'member',
        entityId: id,
        details: { role: p.role },
      });
      await ctx.emit(tx, MemberUpserted, memberUpsertedData((await members.byId(tx, id))!));
    }
    ctx.log.info(
      { members: people.length },
      ctx.config.seedDemo ? 'seeded the demo team' : 'created the first Admin from ADMIN_PHONE',
    );
  });
}
