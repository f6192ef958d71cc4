import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';

/**
 * Session token keys. Auth alone holds a private key and signs (EdDSA with Ed25519, or ES256 with
 * P-256); every other process verifies with auth's public keys, each named by its `kid` so that a
 * key can be rotated while tokens signed with the previous one stay valid until they expire.
 * See docs/decisions/0008-asymmetric-session-tokens.md.
 */
export type SessionAlg = 'EdDSA' | 'ES256';

/** The only algorithms a session token may use: never HS*, never none. */
export const SESSION_ALGORITHMS: readonly SessionAlg[] = ['EdDSA', 'ES256'];

/** A public key as published in auth's JWKS: never any private member. */
export interface PublicSessionKey {
  kty: 'OKP' | 'EC';
  crv: string;
  x: string;
  y?: string;
  kid: string;
  alg: SessionAlg;
  use: 'sig';
}

export interface SigningKey {
  kid: string;
  alg: SessionAlg;
  /** A KeyObject: printing or serialising it shows no key material. */
  privateKey: KeyObject;
  publicJwk: PublicSessionKey;
}

export interface SessionKeys {
  /** Auth's current private key; only in a process that runs auth. */
  signingKey?: SigningKey;
  /**
   * Other public keys tokens may be signed with: in auth, its previous keys (JWT_PREVIOUS_PUBLIC_KEYS);
   * elsewhere, auth's keys when configured (JWT_PUBLIC_KEYS) instead of fetched.
   */
  publicKeys: PublicSessionKey[];
  /** Where to fetch auth's JWKS when this process holds no key (JWT_JWKS_URL, or AUTH_SERVICE_URL + /auth/jwks). */
  jwksUrl?: string;
  /** The JWKS of auth's other instances (AUTH_SERVICE_URL listing several), asked when jwksUrl does not answer. */
  jwksFallbackUrls?: string[];
}

/** Path of auth's JWKS route (behind the gateway: /api/v1/auth/jwks). */
export const JWKS_PATH = '/auth/jwks';

function algOf(key: KeyObject, name: string): SessionAlg {
  if (key.asymmetricKeyType === 'ed25519') return 'EdDSA';
  if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') return 'ES256';
  throw new Error(`${name} must be an Ed25519 or P-256 (ES256) key`);
}

/** RFC 7638 thumbprint: the default kid, the same wherever the key is configured. */
export function jwkThumbprint(jwk: { kty: string; crv?: string; x?: string; y?: string }): string {
  const members =
    jwk.kty === 'EC'
      ? { crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y }
      : { crv: jwk.crv, kty: jwk.kty, x: jwk.x };
  return createHash('sha256').update(JSON.stringify(members)).digest('base64url');
}

function publicJwkOf(publicKey: KeyObject, name: string, kid?: string): PublicSessionKey {
  const alg = algOf(publicKey, name);
  const jwk = publicKey.export({ format: 'jwk' });
  const out: PublicSessionKey = {
    kty: jwk.kty as 'OKP' | 'EC',
    crv: jwk.crv!,
    x: jwk.x!,
    kid: '',
    alg,
    use: 'sig',
  };
  if (jwk.y) out.y = jwk.y;
  out.kid = kid ?? jwkThumbprint(out);
  return out;
}

/** Environment values often carry PEM line breaks as literal \n. */
const unescape = (text: string) => text.trim().replace(/\\n/g, '\n');

/** JWT_PRIVATE_KEY: a PKCS#8 PEM, or a private JWK (its kid is kept; else the thumbprint is the kid). */
export function parsePrivateKey(text: string, name = 'JWT_PRIVATE_KEY'): SigningKey {
  const raw = unescape(text);
  let privateKey: KeyObject;
  let kid: string | undefined;
  try {
    if (raw.startsWith('{')) {
      const jwk = JSON.parse(raw) as JsonWebKey & { kid?: string };
      if (!jwk.d) throw new Error('no private part');
      kid = typeof jwk.kid === 'string' && jwk.kid ? jwk.kid : undefined;
      privateKey = createPrivateKey({ key: jwk, format: 'jwk' });
    } else {
      privateKey = createPrivateKey(raw);
    }
  } catch {
    throw new Error(
      `${name} must be a private key: PKCS#8 PEM (openssl genpkey -algorithm ed25519) or a private JWK`,
    );
  }
  const publicJwk = publicJwkOf(createPublicKey(privateKey), name, kid);
  return { kid: publicJwk.kid, alg: publicJwk.alg, privateKey, publicJwk };
}

/**
 * JWT_PUBLIC_KEYS / JWT_PREVIOUS_PUBLIC_KEYS: a JWKS ({"keys":[...]}), a JSON array of JWKs, one
 * JWK, or one or more SPKI PEM blocks. A private member anywhere is refused.
 */
export function parsePublicKeys(text: string | undefined, name: string): PublicSessionKey[] {
  if (!text || !text.trim()) return [];
  const raw = unescape(text);
  const keys: PublicSessionKey[] = [];
  if (raw.startsWith('{') || raw.startsWith('[')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw new Error(`${name} is not valid JSON`);
    }
    const list = Array.isArray(parsed)
      ? parsed
      : parsed && typeof parsed === 'object' && 'keys' in parsed
        ? (parsed as { keys: unknown }).keys
        : [parsed];
    if (!Array.isArray(list)) throw new Error(`${name} must be a JWKS, a list of JWKs or PEM public keys`);
    for (const jwk of list as Array<JsonWebKey & { kid?: string }>) {
      if (!jwk || typeof jwk !== 'object')
        throw new Error(`${name} must be a JWKS, a list of JWKs or PEM public keys`);
      if ('d' in jwk) throw new Error(`${name} must hold public keys only`);
      let key: KeyObject;
      try {
        key = createPublicKey({ key: jwk, format: 'jwk' });
      } catch {
        throw new Error(`${name} holds a key that is not a valid public JWK`);
      }
      keys.push(publicJwkOf(key, name, typeof jwk.kid === 'string' && jwk.kid ? jwk.kid : undefined));
    }
  } else {
    if (/PRIVATE KEY/.test(raw)) throw new Error(`${name} must hold public keys only`);
    const blocks = raw.match(/-----BEGIN PUBLIC KEY-----[\s\S]+?-----END PUBLIC KEY-----/g);
    if (!blocks) throw new Error(`${name} must be a JWKS, a list of JWKs or PEM public keys`);
    for (const pem of blocks) {
      let key: KeyObject;
      try {
        key = createPublicKey(pem);
      } catch {
        throw new Error(`${name} holds a PEM block that is not a valid public key`);
      }
      keys.push(publicJwkOf(key, name));
    }
  }
  return keys;
}

/** A fresh Ed25519 private key as PKCS#8 PEM (development: kept in DATA_DIR/secrets.json). */
export function generateSigningKeyPem(): string {
  return generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

/** A signing key made from scratch (tests). */
export function generateSigningKey(): SigningKey {
  return parsePrivateKey(generateSigningKeyPem());
}

/**
 * The public keys tokens verify against here: auth's current and previous keys where auth runs,
 * else the configured ones (empty: fetch them from jwksUrl).
 */
export function verificationKeys(keys: SessionKeys): PublicSessionKey[] {
  const all = keys.signingKey ? [keys.signingKey.publicJwk, ...keys.publicKeys] : [...keys.publicKeys];
  const seen = new Set<string>();
  return all.filter((k) => !seen.has(k.kid) && (seen.add(k.kid), true));
}

/** What auth publishes at /auth/jwks: its current key first, then the previous ones; public parts only. */
export function sessionJwks(keys: SessionKeys): { keys: PublicSessionKey[] } {
  if (!keys.signingKey) throw new Error('Only the process that runs auth publishes the session keys');
  return { keys: verificationKeys(keys).map((k) => ({ ...k })) };
}
