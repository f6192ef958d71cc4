import { afterEach, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '@erp/service-kit/testing';
import { authService } from '../src/app.js';

const SECRET = { OTP_SECRET: 'f'.repeat(40), OTP_RESEND_SECONDS: '0' };

let h: TestHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const membersOf = async (t: TestHarness) =>
  (
    await t.db.query<{ name: string; phone_number: string; role: string; status: string }>(
      'SELECT name, phone_number, role, status FROM auth.members',
    )
  ).rows;

describe('the first Admin on a new database', () => {
  it('is created from ADMIN_PHONE and ADMIN_NAME, announced and audited', async () => {
    h = await createTestHarness([
      authService({ env: { ...SECRET, ADMIN_PHONE: '9876543210', ADMIN_NAME: 'Asha Rao' } }),
    ]);
    expect(await membersOf(h)).toEqual([
      { name: 'Asha Rao', phone_number: '9876543210', role: 'Admin', status: 'active' },
    ]);
    const audit = await h.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM auth.audit_log WHERE action = 'member_seeded'`,
    );
    expect(audit.rows[0]!.n).toBe(1);
    const events = await h.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM auth.outbox WHERE subject = 'erp.auth.member_upserted.v1'`,
    );
    expect(events.rows[0]!.n).toBe(1);
  });

  it('is not created without ADMIN_PHONE: the database stays without members', async () => {
    h = await createTestHarness([authService({ env: SECRET })]);
    expect(await membersOf(h)).toEqual([]);
  });
});
