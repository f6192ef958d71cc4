import { afterEach, describe, expect, it } from 'vitest';
import { createTokenService, generateSigningKey } from '@erp/service-kit';
import { ADMIN, startAuth, type AuthHarness } from './helpers.js';

let h: AuthHarness;
afterEach(async () => h?.close());

describe('auth’s public keys (JWKS)', () => {
  it('GET /auth/jwks answers the current and previous public keys without a session, and never a private part', async () => {
    const current = generateSigningKey();
    const previous = generateSigningKey();
    h = await startAuth({}, { sessionKeys: { signingKey: current, publicKeys: [previous.publicJwk] } });
    const res = await h.app.inject({ method: 'GET', url: '/auth/jwks' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const { keys } = res.json() as { keys: Array<Record<string, string>> };
    expect(keys.map((k) => k.kid)).toEqual([current.kid, previous.kid]);
    for (const k of keys) {
      expect(Object.keys(k).sort()).toEqual(['alg', 'crv', 'kid', 'kty', 'use', 'x']);
      expect(k).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
    }
    const secret = current.privateKey.export({ format: 'jwk' }).d!;
    expect(res.body).not.toContain(secret);
    expect(res.body).not.toMatch(/"d"|PRIVATE/);
  });

  it('a process holding only the published keys verifies auth’s tokens', async () => {
    h = await startAuth();
    const token = await h.signIn(ADMIN);
    const { keys } = (await h.app.inject({ method: 'GET', url: '/auth/jwks' })).json();
    const elsewhere = createTokenService({ publicKeys: keys });
    expect(await elsewhere.verify(token)).toMatchObject({ sessionId: expect.any(String) });
    await expect(
      elsewhere.sign({ memberId: 'm', sessionId: 's', expiresAt: new Date(Date.now() + 60_000) }),
    ).rejects.toThrow(/Only the auth service/);
  });
});
