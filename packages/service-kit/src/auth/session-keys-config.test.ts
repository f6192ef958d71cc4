import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPublicKey } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { loadKitConfig, loadSessionKeys } from '../config.js';
import { generateSigningKey, generateSigningKeyPem } from './keys.js';

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'keys-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('session key configuration', () => {
  it('production refuses to start auth without JWT_PRIVATE_KEY, saying what to set', async () => {
    await expect(
      loadKitConfig({ NODE_ENV: 'production', DATA_DIR: tmp(), OTP_SECRET: 'x'.repeat(40) }, 'auth'),
    ).rejects.toThrow(/^JWT_PRIVATE_KEY is not set \(required with NODE_ENV=production\)/);
    // The gateway runs auth embedded unless AUTH_SERVICE_URL points elsewhere.
    await expect(loadKitConfig({ NODE_ENV: 'production', DATA_DIR: tmp() })).rejects.toThrow(
      /JWT_PRIVATE_KEY/,
    );
  });

  it('outside production, auth generates its key once into DATA_DIR/secrets.json and keeps it', async () => {
    const dir = tmp();
    const first = await loadSessionKeys({}, dir, false, 'auth');
    const again = await loadSessionKeys({}, dir, false, 'auth');
    expect(first.signingKey!.kid).toBe(again.signingKey!.kid);
    expect(first.signingKey!.alg).toBe('EdDSA');
    const file = path.join(dir, 'secrets.json');
    expect(JSON.parse(readFileSync(file, 'utf8')).JWT_PRIVATE_KEY).toMatch(/BEGIN PRIVATE KEY/);
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it('auth takes JWT_PRIVATE_KEY and its previous public keys; the old kid is not repeated', async () => {
    const pem = generateSigningKeyPem();
    const previous = generateSigningKey();
    const prevPem = createPublicKey(previous.privateKey).export({ type: 'spki', format: 'pem' }).toString();
    const keys = await loadSessionKeys(
      { JWT_PRIVATE_KEY: pem, JWT_PREVIOUS_PUBLIC_KEYS: prevPem },
      tmp(),
      true,
      'auth',
    );
    expect(keys.publicKeys.map((k) => k.kid)).toEqual([previous.kid]);
    const same = await loadSessionKeys(
      { JWT_PRIVATE_KEY: pem, JWT_PREVIOUS_PUBLIC_KEYS: JSON.stringify([{ ...keys.signingKey!.publicJwk }]) },
      tmp(),
      true,
      'auth',
    );
    expect(same.publicKeys).toEqual([]);
  });

  it('other services hold no private key: they fetch auth’s JWKS or take configured public keys', async () => {
    const vendors = await loadSessionKeys(
      { AUTH_SERVICE_URL: 'http://auth:3000/', JWT_PRIVATE_KEY: generateSigningKeyPem() },
      tmp(),
      true,
      'vendors',
    );
    expect(vendors).toEqual({ publicKeys: [], jwksUrl: 'http://auth:3000/auth/jwks' });
    const explicit = await loadSessionKeys(
      { JWT_JWKS_URL: 'https://keys.example/jwks.json', AUTH_SERVICE_URL: 'http://auth:3000' },
      tmp(),
      true,
      'catalog',
    );
    expect(explicit.jwksUrl).toBe('https://keys.example/jwks.json');
    const k = generateSigningKey();
    const configured = await loadSessionKeys(
      { JWT_PUBLIC_KEYS: JSON.stringify({ keys: [k.publicJwk] }) },
      tmp(),
      true,
      'catalog',
    );
    expect(configured.signingKey).toBeUndefined();
    expect(configured.publicKeys.map((p) => p.kid)).toEqual([k.kid]);
    // The gateway in distributed mode (auth elsewhere) verifies with auth's JWKS as well.
    const gateway = await loadSessionKeys({ AUTH_SERVICE_URL: 'http://auth:3000' }, tmp(), true);
    expect(gateway).toEqual({ publicKeys: [], jwksUrl: 'http://auth:3000/auth/jwks' });
  });

  it('a service with no way to get auth’s public keys refuses to start', async () => {
    await expect(loadSessionKeys({}, tmp(), false, 'vendors')).rejects.toThrow(
      /set AUTH_SERVICE_URL .*JWT_JWKS_URL or JWT_PUBLIC_KEYS/,
    );
    await expect(loadSessionKeys({ JWT_JWKS_URL: 'not a url' }, tmp(), false, 'vendors')).rejects.toThrow(
      /must be a URL/,
    );
  });
});
