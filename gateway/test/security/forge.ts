/**
 * Forged session tokens, made from a real one. The helper reads the real token's header, so it
 * works whichever algorithm auth signs with (HS256 today; EdDSA or ES256 with a kid per
 * ARCHITECTURE §7): a key of the same algorithm that is not auth's, under the real kid.
 */
import { randomBytes } from 'node:crypto';
import { generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';

export interface ForgedToken {
  name: string;
  token: string;
}

const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
const unb64 = (s: string) =>
  JSON.parse(Buffer.from(s, 'base64url').toString('utf8')) as Record<string, unknown>;

export function decodeToken(token: string): {
  header: Record<string, unknown>;
  payload: JWTPayload;
  signature: string;
} {
  const [h, p, s] = token.split('.');
  if (!h || !p || s === undefined) throw new Error('not a compact JWS');
  return { header: unb64(h), payload: unb64(p) as JWTPayload, signature: s };
}

/** A key of the given algorithm that auth does not hold. */
async function strangerKey(alg: string): Promise<CryptoKey | Uint8Array> {
  if (/^HS/.test(alg)) return new Uint8Array(randomBytes(64));
  const { privateKey } = await generateKeyPair(alg, { extractable: true });
  return privateKey;
}

async function sign(
  header: Record<string, unknown>,
  payload: JWTPayload,
  key: CryptoKey | Uint8Array,
): Promise<string> {
  return new SignJWT(payload).setProtectedHeader(header as { alg: string }).sign(key);
}

/**
 * Tokens that must all be refused: `real` is a member's real token, `other` another member's
 * (its payload is put under `real`'s signature), `extra` further tokens minted elsewhere (expired).
 */
export async function forgeTokens(real: string, other: string): Promise<ForgedToken[]> {
  const { header, payload, signature } = decodeToken(real);
  const alg = String(header.alg);
  const [h, p] = real.split('.') as [string, string];
  const theirs = decodeToken(other).payload;
  const now = Math.floor(Date.now() / 1000);
  const forged: ForgedToken[] = [
    {
      name: `signed with a stranger's ${alg} key under the real kid`,
      token: await sign(header, payload, await strangerKey(alg)),
    },
    { name: 'alg none, no signature', token: `${b64({ ...header, alg: 'none' })}.${p}.` },
    { name: 'alg none, real signature', token: `${b64({ ...header, alg: 'none' })}.${p}.${signature}` },
    {
      name: 'another member’s claims under the real signature',
      token: `${h}.${b64({ ...payload, sub: theirs.sub, sid: theirs.sid })}.${signature}`,
    },
    {
      name: 'expiry pushed out under the real signature',
      token: `${h}.${b64({ ...payload, exp: now + 86_400 * 365 })}.${signature}`,
    },
    { name: 'signature stripped', token: `${h}.${p}.` },
    { name: 'signature of another token', token: `${h}.${p}.${decodeToken(other).signature}` },
    { name: 'garbage', token: 'a.b.c' },
  ];
  for (const secret of ['secret', 'changeme', 'test-secret', 'erp', '']) {
    forged.push({
      name: `HS256 with the guessed secret "${secret}"`,
      token: await sign(
        { alg: 'HS256', typ: 'JWT', ...(header.kid ? { kid: header.kid } : {}) },
        payload,
        new TextEncoder().encode(secret || ' '),
      ),
    });
  }
  if (alg !== 'HS256') {
    // Algorithm confusion: HS256 keyed with text an attacker can learn (the kid, the alg name).
    for (const text of [String(header.kid ?? ''), alg].filter(Boolean)) {
      forged.push({
        name: `HS256 keyed with "${text}"`,
        token: await sign({ ...header, alg: 'HS256' }, payload, new TextEncoder().encode(text)),
      });
    }
  }
  return forged;
}

/** HS256 tokens keyed with each public key's text (the classic RS/ES -> HS confusion), for a published JWKS. */
export async function confusionTokens(
  real: string,
  jwks: { keys?: Array<Record<string, unknown>> },
): Promise<ForgedToken[]> {
  const { header, payload } = decodeToken(real);
  const out: ForgedToken[] = [];
  for (const jwk of jwks.keys ?? []) {
    for (const text of [JSON.stringify(jwk), String(jwk.x ?? ''), String(jwk.n ?? '')].filter(
      (t) => t.length > 0,
    )) {
      out.push({
        name: `HS256 keyed with the published key ${String(jwk.kid ?? '')}`,
        token: await sign({ ...header, alg: 'HS256' }, payload, new TextEncoder().encode(text)),
      });
    }
  }
  return out;
}
