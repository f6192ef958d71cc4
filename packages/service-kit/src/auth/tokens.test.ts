import { createHmac, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  generateSigningKey,
  parsePrivateKey,
  parsePublicKeys,
  sessionJwks,
  type SigningKey,
} from './keys.js';
import { createTokenService, createTokenSigner } from './tokens.js';

const claims = (ms: number) => ({ memberId: 'm1', sessionId: 's1', expiresAt: new Date(Date.now() + ms) });
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const payload = () => ({
  sub: 'm1',
  sid: 's1',
  iss: 'erp',
  iat: Math.floor(Date.now() / 1000),
  exp: Math.floor(Date.now() / 1000) + 3600,
});

/** A key with another key's kid: what someone without auth's private key could make. */
function impostor(of: SigningKey): SigningKey {
  const k = generateSigningKey();
  return { ...k, kid: of.kid, publicJwk: { ...k.publicJwk, kid: of.kid } };
}

afterEach(() => void vi.useRealTimers());

describe('session tokens', () => {
  const key = generateSigningKey();
  const verifier = () => createTokenService({ publicKeys: [key.publicJwk] });

  it('signed by auth verify with its public key alone, and carry the key id', async () => {
    const token = await createTokenSigner(key).sign(claims(60_000));
    const header = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString());
    expect(header).toMatchObject({ alg: 'EdDSA', kid: key.kid, typ: 'JWT' });
    const t = verifier();
    expect(await t.verify(token)).toMatchObject({ memberId: 'm1', sessionId: 's1' });
    expect(await t.verify(token)).toMatchObject({ memberId: 'm1', sessionId: 's1' });
  });

  it('are refused when signed by a key of the right kid that is not auth’s, altered or malformed', async () => {
    const t = verifier();
    expect(await t.verify(await createTokenSigner(impostor(key)).sign(claims(60_000)))).toBeNull();
    expect(await t.verify(await createTokenSigner(generateSigningKey()).sign(claims(60_000)))).toBeNull();
    const good = await createTokenSigner(key).sign(claims(60_000));
    const [h, , s] = good.split('.');
    expect(await t.verify(`${h}.${b64({ ...payload(), sub: 'admin' })}.${s}`)).toBeNull();
    expect(await t.verify('garbage')).toBeNull();
    expect(await t.verify('a.b.c')).toBeNull();
  });

  it('with alg none, or HS256 keyed with the public key, are refused', async () => {
    const t = verifier();
    expect(await t.verify(`${b64({ alg: 'none', kid: key.kid, typ: 'JWT' })}.${b64(payload())}.`)).toBeNull();
    for (const secret of [
      JSON.stringify(key.publicJwk),
      key.publicJwk.x,
      createPublicKey(key.privateKey).export({ type: 'spki', format: 'pem' }).toString(),
    ]) {
      const input = `${b64({ alg: 'HS256', kid: key.kid, typ: 'JWT' })}.${b64(payload())}`;
      const mac = createHmac('sha256', secret).update(input).digest('base64url');
      expect(await t.verify(`${input}.${mac}`)).toBeNull();
    }
  });

  it('without a kid are refused', async () => {
    const { SignJWT } = await import('jose');
    const token = await new SignJWT({ sid: 's1' })
      .setProtectedHeader({ alg: 'EdDSA' })
      .setSubject('m1')
      .setIssuer('erp')
      .setExpirationTime('1h')
      .sign(key.privateKey);
    expect(await verifier().verify(token)).toBeNull();
  });

  it('stop verifying once expired, even after a successful check', async () => {
    const t = verifier();
    const token = await createTokenSigner(key).sign(claims(5_000));
    expect(await t.verify(token)).not.toBeNull();
    vi.useFakeTimers({ now: Date.now() + 10_000 });
    expect(await t.verify(token)).toBeNull();
  });

  it('signed with the previous key still verify after a rotation; new ones use the new key', async () => {
    const previous = generateSigningKey();
    const current = generateSigningKey();
    const old = await createTokenSigner(previous).sign(claims(60_000));
    const auth = { signingKey: current, publicKeys: [previous.publicJwk] };
    const inAuth = createTokenService(auth);
    const elsewhere = createTokenService({ publicKeys: sessionJwks(auth).keys });
    expect(await inAuth.verify(old)).toMatchObject({ sessionId: 's1' });
    expect(await elsewhere.verify(old)).toMatchObject({ sessionId: 's1' });
    const fresh = await createTokenSigner(current).sign(claims(60_000));
    expect(JSON.parse(Buffer.from(fresh.split('.')[0]!, 'base64url').toString()).kid).toBe(current.kid);
    expect(await elsewhere.verify(fresh)).not.toBeNull();
    // Once the previous key is dropped, its tokens are refused.
    expect(await createTokenService({ signingKey: current, publicKeys: [] }).verify(old)).toBeNull();
  });

  it('are signed only by the auth service: a verifier holding the same key set cannot mint', async () => {
    await expect(
      createTokenService({ signingKey: key, publicKeys: [] }).sign(claims(60_000)),
    ).rejects.toThrow(/Only the auth service signs/);
    await expect(
      createTokenService({ publicKeys: [key.publicJwk] }, { signs: true }).sign(claims(60_000)),
    ).rejects.toThrow(/Only the auth service signs/);
    const token = await createTokenService({ signingKey: key, publicKeys: [] }, { signs: true }).sign(
      claims(60_000),
    );
    expect(await verifier().verify(token)).not.toBeNull();
  });

  it('can use ES256 (P-256) keys too', async () => {
    const pem = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const es = parsePrivateKey(pem);
    expect(es.alg).toBe('ES256');
    const token = await createTokenSigner(es).sign(claims(60_000));
    expect(await createTokenService({ publicKeys: [es.publicJwk] }).verify(token)).not.toBeNull();
  });

  it('from a remote JWKS that cannot be reached answer 503, not a 401 that signs the member out', async () => {
    const t = createTokenService({ publicKeys: [], jwksUrl: 'http://127.0.0.1:9/auth/jwks' });
    const token = await createTokenSigner(key).sign(claims(60_000));
    await expect(t.verify(token)).rejects.toMatchObject({ statusCode: 503 });
  });
});

describe('session keys configuration', () => {
  it('reads a private key as PEM (with \\n escapes) or JWK, and derives the same kid', () => {
    const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const fromPem = parsePrivateKey(pem.replace(/\n/g, '\\n'));
    const jwk = fromPem.privateKey.export({ format: 'jwk' });
    expect(parsePrivateKey(JSON.stringify(jwk)).kid).toBe(fromPem.kid);
    expect(parsePrivateKey(JSON.stringify({ ...jwk, kid: 'k-2026' })).kid).toBe('k-2026');
  });

  it('refuses symmetric, RSA or public keys where a private one is needed, and private keys among public ones', () => {
    expect(() => parsePrivateKey('a-shared-secret-that-is-long-enough-0123456789')).toThrow(
      /JWT_PRIVATE_KEY must be a private key/,
    );
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    expect(() => parsePrivateKey(rsa)).toThrow(/Ed25519 or P-256/);
    const k = generateSigningKey();
    const pub = createPublicKey(k.privateKey).export({ type: 'spki', format: 'pem' }).toString();
    expect(() => parsePrivateKey(pub)).toThrow(/must be a private key/);
    expect(() =>
      parsePublicKeys(JSON.stringify(k.privateKey.export({ format: 'jwk' })), 'JWT_PUBLIC_KEYS'),
    ).toThrow(/public keys only/);
    expect(() =>
      parsePublicKeys(k.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), 'JWT_PUBLIC_KEYS'),
    ).toThrow(/public keys only/);
  });

  it('reads public keys as a JWKS, a list of JWKs or PEM blocks, with the same kids', () => {
    const a = generateSigningKey();
    const b = generateSigningKey();
    const pems = [a, b]
      .map((k) => createPublicKey(k.privateKey).export({ type: 'spki', format: 'pem' }).toString())
      .join('\n');
    const kids = [a.kid, b.kid];
    expect(parsePublicKeys(pems, 'X').map((k) => k.kid)).toEqual(kids);
    expect(
      parsePublicKeys(JSON.stringify({ keys: [a.publicJwk, b.publicJwk] }), 'X').map((k) => k.kid),
    ).toEqual(kids);
    expect(parsePublicKeys(JSON.stringify([a.publicJwk, b.publicJwk]), 'X').map((k) => k.kid)).toEqual(kids);
    expect(parsePublicKeys('', 'X')).toEqual([]);
  });

  it('publish only public members in the JWKS, current key first', () => {
    const current = generateSigningKey();
    const previous = generateSigningKey();
    const jwks = sessionJwks({ signingKey: current, publicKeys: [previous.publicJwk] });
    expect(jwks.keys.map((k) => k.kid)).toEqual([current.kid, previous.kid]);
    for (const k of jwks.keys)
      expect(Object.keys(k).sort()).toEqual(['alg', 'crv', 'kid', 'kty', 'use', 'x']);
    expect(JSON.stringify(jwks)).not.toContain(String(current.privateKey.export({ format: 'jwk' }).d));
  });
});
