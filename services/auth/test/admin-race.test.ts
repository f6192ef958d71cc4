import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startAuth, type AuthHarness } from './helpers.js';

// Integrity under real concurrency (issue 8, point 5): the last active Admin cannot be removed by
// changes made at the same moment. Races need parallel connections, so this runs on PostgreSQL;
// on a PGlite-only run it reports itself skipped.

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('two Admins changing each other at the same moment (PostgreSQL)', () => {
  let h: AuthHarness;
  const admin: Record<'a' | 'b', { id: string; token: string }> = {
    a: { id: '', token: '' },
    b: { id: '', token: '' },
  };
  const patch = (who: 'a' | 'b', id: string, payload: object) =>
    h.app.inject({ method: 'PATCH', url: `/auth/${id}`, headers: h.as(admin[who].token), payload });
  const activeAdmins = async () =>
    (
      await h.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM auth.members WHERE role = 'Admin' AND status = 'active'`,
      )
    ).rows[0]!.n;

  beforeAll(async () => {
    h = await startAuth();
    admin.a.token = await h.signIn(ADMIN);
    admin.a.id = (
      await h.app.inject({ method: 'GET', url: '/auth/me', headers: h.as(admin.a.token) })
    ).json().user._id;
    const created = await h.app.inject({
      method: 'POST',
      url: '/auth/createTeam',
      headers: h.as(admin.a.token),
      payload: {
        name: 'Meera Iyer',
        email: 'meera.iyer@example.com',
        phoneNumber: '9812345670',
        status: 'active',
        role: 'Admin',
      },
    });
    expect(created.statusCode).toBe(201);
    admin.b.id = created.json().user._id;
    admin.b.token = await h.signIn('9812345670');
    // The test team has one Admin; now there are two, and only these two.
    expect(await activeAdmins()).toBe(2);
  });
  afterAll(async () => h?.close());

  it.each([
    ['demote', { isAdmin: false }],
    ['deactivate', { status: 'inactive' }],
  ])(
    'never leaves no active Admin when each tries to %s the other, round after round',
    async (_what, change) => {
      for (let round = 0; round < 8; round++) {
        const [ab, ba] = await Promise.all([patch('a', admin.b.id, change), patch('b', admin.a.id, change)]);
        const statuses = [ab.statusCode, ba.statusCode].sort();
        expect(await activeAdmins(), `round ${round}: ${ab.body} / ${ba.body}`).toBe(1);
        // One change wins; the other is refused with the reason, or with a 403 when it arrived after
        // its sender stopped being an Admin (or a 401 once their session ended).
        expect(statuses.filter((s) => s === 200)).toHaveLength(1);
        const refused = ab.statusCode === 200 ? ba : ab;
        expect([401, 403, 409]).toContain(refused.statusCode);
        if (refused.statusCode === 409)
          expect(refused.json().message).toBe('At least one active Admin must remain');

        // Put the loser back as an active Admin for the next round.
        const winner = ab.statusCode === 200 ? 'a' : 'b';
        const loser = winner === 'a' ? 'b' : 'a';
        const back = await patch(winner, admin[loser].id, { isAdmin: true, status: 'active' });
        expect(back.statusCode, back.body).toBe(200);
        if (refused.statusCode === 401 || 'status' in change) {
          admin[loser].token = await h.signIn(loser === 'a' ? ADMIN : '9812345670');
        }
        expect(await activeAdmins()).toBe(2);
      }
    },
  );
});
