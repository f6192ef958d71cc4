import { describe, expect, it, vi } from 'vitest';
import { createTokenService } from './tokens.js';

const secret = 'a-test-secret-that-is-long-enough-0123456789';
const claims = (ms: number) => ({ memberId: 'm1', sessionId: 's1', expiresAt: new Date(Date.now() + ms) });

describe('session tokens', () => {
  it('verify when signed with the same secret', async () => {
    const t = createTokenService(secret);
    const token = await t.sign(claims(60_000));
    expect(await t.verify(token)).toMatchObject({ memberId: 'm1', sessionId: 's1' });
    expect(await t.verify(token)).toMatchObject({ memberId: 'm1', sessionId: 's1' });
  });

  it('are refused when signed with another secret, altered or malformed', async () => {
    const other = await createTokenService('another-secret-that-is-long-enough-987654').sign(claims(60_000));
    const t = createTokenService(secret);
    expect(await t.verify(other)).toBeNull();
    const good = await t.sign(claims(60_000));
    const [h, , s] = good.split('.');
    const body = Buffer.from(JSON.stringify({ sub: 'admin', sid: 's1', iss: 'erp', exp: 9999999999 })).toString('base64url');
    expect(await t.verify(`${h}.${body}.${s}`)).toBeNull();
    expect(await t.verify('garbage')).toBeNull();
  });

  it('stop verifying once expired, even after a successful check', async () => {
    const t = createTokenService(secret);
    const token = await t.sign(claims(5_000));
    expect(await t.verify(token)).not.toBeNull();
    vi.useFakeTimers({ now: Date.now() + 10_000 });
    expect(await t.verify(token)).toBeNull();
    vi.useRealTimers();
  });
});
