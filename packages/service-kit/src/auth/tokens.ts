import {
  SignJWT,
  createLocalJWKSet,
  createRemoteJWKSet,
  decodeProtectedHeader,
  errors,
  jwtVerify,
  type JWTVerifyGetKey,
} from 'jose';
import { HttpError } from '../errors.js';
import { SESSION_ALGORITHMS, verificationKeys, type SessionKeys, type SigningKey } from './keys.js';

export interface TokenClaims {
  memberId: string;
  sessionId: string;
  expiresAt: Date;
}

const ISSUER = 'erp';
const CACHE_SIZE = 10_000;
/** A remembered token is checked against the key set again after this long (a withdrawn key stops working). */
const CACHE_RECHECK_MS = 5 * 60_000;

export const NO_SESSION_KEYS =
  'Session tokens cannot be verified: set AUTH_SERVICE_URL (where auth runs), JWT_JWKS_URL or JWT_PUBLIC_KEYS';

/** Auth's key set could not be fetched: the caller is not at fault, so not a 401 that signs them out. */
class KeysUnavailable extends Error {}

/**
 * Session tokens are signed by auth alone: EdDSA (or ES256) JWTs with a `kid` header, carrying the
 * member id (sub) and the session id (sid).
 */
export function createTokenSigner(key: SigningKey) {
  return {
    kid: key.kid,
    async sign(claims: TokenClaims): Promise<string> {
      return new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
        .setSubject(claims.memberId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(Math.floor(claims.expiresAt.getTime() / 1000))
        .sign(key.privateKey);
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;

function keySet(keys: SessionKeys): JWTVerifyGetKey {
  const local = verificationKeys(keys);
  if (local.length > 0) return createLocalJWKSet({ keys: local });
  if (!keys.jwksUrl) throw new Error(NO_SESSION_KEYS);
  // Fetched on first use, kept 10 minutes, fetched again at once (at most every 30 s) for an unknown kid.
  // With several instances of auth, the one that answered last is asked first, the others after it.
  const remotes = [keys.jwksUrl, ...(keys.jwksFallbackUrls ?? [])].map((u) =>
    createRemoteJWKSet(new URL(u), {
      timeoutDuration: 3000,
      cooldownDuration: 30_000,
      cacheMaxAge: 10 * 60_000,
    }),
  );
  let preferred = 0;
  return async (header, token) => {
    let failure: unknown;
    for (let k = 0; k < remotes.length; k++) {
      const i = (preferred + k) % remotes.length;
      try {
        const key = await remotes[i]!(header, token);
        preferred = i;
        return key;
      } catch (err) {
        if (err instanceof errors.JWKSNoMatchingKey || err instanceof errors.JWKSMultipleMatchingKeys)
          throw err;
        failure = err;
      }
    }
    throw new KeysUnavailable(failure instanceof Error ? failure.message : String(failure));
  };
}

/**
 * Verifies session tokens with auth's public keys only (never a shared secret): asymmetric
 * algorithms only, a `kid` required. A token that verified is remembered (bounded), so the gateway
 * and the service do not pay for the signature check on every request; expiry is still checked on
 * every use. Whether the session is still open is not a property of the token and is checked elsewhere.
 * `sign` works only with `signs` (the auth service) and auth's private key in `keys`.
 */
export function createTokenService(keys: SessionKeys, options: { signs?: boolean } = {}) {
  const getKey = keySet(keys);
  const signer = options.signs && keys.signingKey ? createTokenSigner(keys.signingKey) : null;
  const verified = new Map<string, { claims: TokenClaims; checkedAt: number }>();
  return {
    /** Auth only: a token for a session it has just opened. */
    async sign(claims: TokenClaims): Promise<string> {
      if (!signer) throw new Error('Only the auth service signs session tokens, with its private key');
      return signer.sign(claims);
    },
    /** Claims of a valid token, or null for a forged, malformed or expired one. */
    async verify(token: string): Promise<TokenClaims | null> {
      const now = Date.now();
      const known = verified.get(token);
      if (known) {
        if (known.claims.expiresAt.getTime() <= now) {
          verified.delete(token);
          return null;
        }
        if (now - known.checkedAt < CACHE_RECHECK_MS) return known.claims;
        verified.delete(token);
      }
      try {
        const header = decodeProtectedHeader(token);
        if (typeof header.kid !== 'string' || !header.kid) return null;
        const { payload } = await jwtVerify(token, getKey, {
          issuer: ISSUER,
          algorithms: [...SESSION_ALGORITHMS],
        });
        if (
          typeof payload.sub !== 'string' ||
          typeof payload.sid !== 'string' ||
          typeof payload.exp !== 'number'
        )
          return null;
        const claims = {
          memberId: payload.sub,
          sessionId: payload.sid,
          expiresAt: new Date(payload.exp * 1000),
        };
        if (verified.size >= CACHE_SIZE) verified.delete(verified.keys().next().value!);
        verified.set(token, { claims, checkedAt: now });
        return claims;
      } catch (err) {
        if (err instanceof KeysUnavailable)
          throw new HttpError(503, 'Your sign-in cannot be checked right now. Please try again shortly.');
        if (err instanceof errors.JOSEError || err instanceof TypeError || err instanceof SyntaxError)
          return null;
        throw err;
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
