import { createSecretKey } from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';

export interface TokenClaims {
  memberId: string;
  sessionId: string;
  expiresAt: Date;
}

const ISSUER = 'erp';
const CACHE_SIZE = 10_000;

/**
 * Session tokens: HS256 JWTs carrying the member id (sub) and the session id (sid).
 * A token that verified once is remembered (bounded), so the gateway and the service do not pay
 * for the signature check on every request; expiry is still checked on every use. Whether the
 * session is still open is not a property of the token and is checked elsewhere.
 */
export function createTokenService(secret: string) {
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  const verified = new Map<string, TokenClaims>();
  return {
    async sign(claims: TokenClaims): Promise<string> {
      return new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.memberId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(Math.floor(claims.expiresAt.getTime() / 1000))
        .sign(key);
    },
    /** Claims of a valid token, or null for a forged, malformed or expired one. */
    async verify(token: string): Promise<TokenClaims | null> {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt.getTime() > Date.now()) return known;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return null;
        const claims = { memberId: payload.sub, sessionId: payload.sid, expiresAt: new Date(payload.exp * 1000) };
        if (verified.size >= CACHE_SIZE) verified.delete(verified.keys().next().value!);
        verified.set(token, claims);
        return claims;
      } catch (err) {
        if (err instanceof errors.JOSEError || err instanceof TypeError) return null;
        throw err;
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
