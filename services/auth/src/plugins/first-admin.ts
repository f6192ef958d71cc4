import { defaultModulesForRole, MemberUpserted, type Role } from '@erp/contracts';
import type { ServiceContext } from '@erp/service-kit';
import type { AuthConfig } from '../config.js';
import { resolvePermissions } from '../domain/team.js';
import { memberUpsertedData } from '../events/member-upserted.js';
import type { MembersRepository } from '../repositories/members.js';

/**
 * On a new database: the first Admin from ADMIN_PHONE / ADMIN_NAME. Never touches a database that
 * already has members.
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
    if (!config.adminPhone) {
      ctx.log.warn('No team members yet: set ADMIN_PHONE (and ADMIN_NAME) to create the first Admin');
      return;
    }
    const role: Role = 'Admin';
    const permissions = resolvePermissions(role, { modules: defaultModulesForRole(role) });
    const id = await members.insert(
      tx,
      {
        name: config.adminName,
        phoneNumber: config.adminPhone,
        email: `admin+${config.adminPhone}@example.invalid`,
        role,
        notes: '',
        status: 'active',
        permissions,
      },
      null,
    );
    await ctx.audit(tx, {
      actorId: null,
      action: 'member_seeded',
      entity: 'member',
      entityId: id,
      details: { role },
    });
    await ctx.emit(tx, MemberUpserted, memberUpsertedData((await members.byId(tx, id))!));
    ctx.log.info({ members: 1 }, 'created the first Admin from ADMIN_PHONE');
  });
}
