import { createHmac, createPublicKey, randomUUID, type JsonWebKey } from 'node:crypto';
import {
  defaultModulesForRole,
  MemberUpserted,
  normalizeModules,
  SessionRevoked,
  SessionStarted,
  type ModulePermissionsInput,
  type Role,
} from '@erp/contracts';
import { generateSigningKey } from '../auth/keys.js';
import { createTokenSigner } from '../auth/tokens.js';
import { buildEnvelope } from '../outbox.js';
import type { TestHarness } from './index.js';

export interface GrantedAccess {
  memberId: string;
  sessionId: string;
  token: string;
  headers: { authorization: string };
}

export interface GrantOptions {
  name?: string;
  role: Role;
  /** Module permissions; the role's defaults when left out. */
  modules?: ModulePermissionsInput;
  projects?: string[];
  allProjects?: boolean;
  status?: 'active' | 'inactive';
  memberId?: string;
  version?: number;
  /** Leave out auth's session_started event: the token names a session auth never opened. */
  sessionUnknown?: boolean;
}

/** Sign a session token as auth would (with the harness's signing key). */
export async function mintToken(
  h: Pick<TestHarness, 'config'>,
  claims: { memberId: string; sessionId: string; expiresAt?: Date },
): Promise<string> {
  const key = h.config.sessionKeys.signingKey;
  if (!key) throw new Error('mintToken: the harness config holds no signing key');
  return createTokenSigner(key).sign({
    ...claims,
    expiresAt: claims.expiresAt ?? new Date(Date.now() + 3600_000),
  });
}

/** Announce a session as auth does when a member signs in (erp.auth.session_started.v1). */
export async function startSession(
  h: TestHarness,
  s: { memberId: string; sessionId: string; expiresAt?: Date },
): Promise<void> {
  const expiresAt = (s.expiresAt ?? new Date(Date.now() + 3600_000)).toISOString();
  await h.bus.publish(
    buildEnvelope('auth', SessionStarted, { sessionId: s.sessionId, memberId: s.memberId, expiresAt }),
  );
  await h.settle();
}

/**
 * A member as auth would announce them (erp.auth.member_upserted.v1 on the harness's bus), a
 * session started for them (erp.auth.session_started.v1) and its token, so a service's tests
 * authorise exactly as in production, from its replica.
 */
export async function grantAccess(h: TestHarness, o: GrantOptions): Promise<GrantedAccess> {
  const memberId = o.memberId ?? randomUUID();
  const permissions = {
    allProjects: o.role !== 'Employee' || (o.allProjects ?? false),
    projects: o.role === 'Employee' ? (o.projects ?? []) : [],
    modules: o.modules ? normalizeModules(o.modules) : defaultModulesForRole(o.role),
  };
  await h.bus.publish(
    buildEnvelope('auth', MemberUpserted, {
      memberId,
      name: o.name ?? `${o.role} Tester`,
      role: o.role,
      status: o.status ?? 'active',
      permissions,
      version: o.version ?? 1,
    }),
  );
  const sessionId = randomUUID();
  const expiresAt = new Date(Date.now() + 3600_000);
  if (o.sessionUnknown) await h.settle();
  else await startSession(h, { memberId, sessionId, expiresAt });
  const token = await mintToken(h, { memberId, sessionId, expiresAt });
  return { memberId, sessionId, token, headers: { authorization: `Bearer ${token}` } };
}

/** End a session as auth would (erp.auth.session_revoked.v1). */
export async function revokeSession(h: TestHarness, access: GrantedAccess): Promise<void> {
  await h.bus.publish(
    buildEnvelope('auth', SessionRevoked, {
      sessionId: access.sessionId,
      memberId: access.memberId,
      expiresAt: new Date(Date.now() + 3600_000).toISOString(),
      reason: 'logout',
    }),
  );
  await h.settle();
}

/**
 * Tokens for a real member and session that auth did not sign, each as an attacker could make
 * them: HS256 with the shared secret used before asymmetric keys, a random Ed25519 key under auth's
 * kid, alg none, and HS256 keyed with auth's public key. Every one must be refused with 401.
 */
export async function forgedTokens(
  h: Pick<TestHarness, 'config'>,
  claims: { memberId: string; sessionId: string },
): Promise<Record<string, string>> {
  const key = h.config.sessionKeys.signingKey ?? null;
  const kid = key?.kid ?? h.config.sessionKeys.publicKeys[0]?.kid ?? 'unknown';
  const publicJwk = key?.publicJwk ?? h.config.sessionKeys.publicKeys[0];
  const now = Math.floor(Date.now() / 1000);
  const payload = { sid: claims.sessionId, sub: claims.memberId, iss: 'erp', iat: now, exp: now + 3600 };
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const hs256 = (secret: string | Buffer, extra: Record<string, unknown> = {}) => {
    const input = `${b64({ alg: 'HS256', typ: 'JWT', ...extra })}.${b64(payload)}`;
    return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
  };
  const impostor = generateSigningKey();
  return {
    'HS256 with the old shared secret': hs256('test-secret-that-is-long-enough-for-hs256-signing'),
    'a random Ed25519 key under auth’s kid': await createTokenSigner({
      ...impostor,
      kid,
      publicJwk: { ...impostor.publicJwk, kid },
    }).sign({
      ...claims,
      expiresAt: new Date((now + 3600) * 1000),
    }),
    'alg none': `${b64({ alg: 'none', typ: 'JWT', kid })}.${b64(payload)}.`,
    'HS256 keyed with auth’s public key': hs256(JSON.stringify(publicJwk), { kid }),
    'HS256 keyed with auth’s public key (PEM)': hs256(
      publicJwk
        ? createPublicKey({ key: publicJwk as unknown as JsonWebKey, format: 'jwk' })
            .export({ type: 'spki', format: 'pem' })
            .toString()
        : 'none',
      { kid },
    ),
  };
}
