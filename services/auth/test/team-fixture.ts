import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { KitConfig, Queryable } from '@erp/service-kit';
import { mintToken } from '@erp/service-kit/testing';

/** The first Admin, created by auth itself from ADMIN_PHONE / ADMIN_NAME on a new database. */
export const TEAM_ADMIN_ENV = { ADMIN_PHONE: '9000000001', ADMIN_NAME: 'Demo Admin' };

export const ADMIN = '9000000001';
export const PURCHASER = '9000000002';
export const ACCOUNTANT = '9000000003';
export const EMPLOYEE = '9000000004';

/** Details the first Admin is given once signed in (ADMIN_PHONE seeds a placeholder email). */
export const TEAM_ADMIN = {
  email: 'admin@demo.example',
  notes: 'Owner; approves indents and manages the team.',
};

/** The members the Admin adds through the team API. */
export const TEAM_MEMBERS = [
  {
    name: 'Priya Kulkarni',
    phoneNumber: PURCHASER,
    email: 'priya.kulkarni@demo.example',
    role: 'Purchaser',
    status: 'active',
    notes: 'Purchase head; keeps the item master and vendor prices.',
  },
  {
    name: 'Rahul Deshmukh',
    phoneNumber: ACCOUNTANT,
    email: 'rahul.deshmukh@demo.example',
    role: 'Accountant',
    status: 'active',
    notes: 'Vendor payments and ledgers.',
  },
  {
    name: 'Sandeep Patil',
    phoneNumber: EMPLOYEE,
    email: 'sandeep.patil@demo.example',
    role: 'Employee',
    status: 'active',
    notes: 'Site engineer.',
  },
] as const;

export interface TeamTarget {
  /** The app auth's routes are mounted on. */
  app: Pick<FastifyInstance, 'inject'>;
  /** Auth's database (its tables in the `auth` schema). */
  db: Queryable;
  /** The kit config the service runs with: its signing key signs the Admin's token. */
  config: Pick<KitConfig, 'sessionKeys'>;
  /** Where auth's routes are mounted ('/api/v1' as the gateway does); none by default. */
  prefix?: string;
}

/**
 * Build the team of the tests on an auth service started with TEAM_ADMIN_ENV: the seeded Admin,
 * signed in, gives themself their email and adds a Purchaser, an Accountant and an Employee through
 * the team API. The Admin's session is opened without a one-time code (so no code, code request or
 * session event is left for the test to count) and closed again at the end.
 */
export async function addTeam(t: TeamTarget): Promise<void> {
  const prefix = t.prefix ?? '';
  const found = await t.db.query<{ id: string }>(`SELECT id FROM auth.members WHERE phone_number = $1`, [
    ADMIN,
  ]);
  const adminId = found.rows[0]?.id;
  expect(adminId, 'auth seeded the first Admin from ADMIN_PHONE').toBeDefined();
  const sessionId = randomUUID();
  const expiresAt = new Date(Date.now() + 600_000);
  await t.db.query(`INSERT INTO auth.sessions (id, member_id, expires_at) VALUES ($1, $2, $3)`, [
    sessionId,
    adminId,
    expiresAt,
  ]);
  try {
    const token = await mintToken(
      { config: t.config as KitConfig },
      { memberId: adminId!, sessionId, expiresAt },
    );
    const headers = { authorization: `Bearer ${token}` };
    const me = await t.app.inject({
      method: 'PATCH',
      url: `${prefix}/auth/${adminId}`,
      headers,
      payload: TEAM_ADMIN,
    });
    expect(me.statusCode, me.body).toBe(200);
    for (const member of TEAM_MEMBERS) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${prefix}/auth/createTeam`,
        headers,
        payload: member,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  } finally {
    await t.db.query(`DELETE FROM auth.sessions WHERE id = $1`, [sessionId]);
  }
}
