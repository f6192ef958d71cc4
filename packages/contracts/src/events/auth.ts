import { Type, type Static } from 'typebox';
import { defineEvent } from './envelope.js';
import { MemberStatus, PermissionsSchema, RoleSchema } from '../schemas/auth.js';

/** A member was created or changed: the access every service needs to authorise them. */
export const MemberUpsertedData = Type.Object({
  memberId: Type.String(),
  name: Type.String(),
  role: RoleSchema,
  status: MemberStatus,
  permissions: PermissionsSchema,
  version: Type.Integer(),
  /** The member's email (the project screens list assigned Employees with it); absent from older events. */
  email: Type.Optional(Type.String()),
});
export type MemberUpsertedData = Static<typeof MemberUpsertedData>;
export const MemberUpserted = defineEvent('erp.auth.member_upserted.v1', MemberUpsertedData);

/** A session ended (logout, or the member was deactivated): its token must be refused everywhere. */
export const SessionRevokedData = Type.Object({
  sessionId: Type.String(),
  memberId: Type.String(),
  expiresAt: Type.String(),
  reason: Type.Union([Type.Literal('logout'), Type.Literal('deactivated')]),
});
export type SessionRevokedData = Static<typeof SessionRevokedData>;
export const SessionRevoked = defineEvent('erp.auth.session_revoked.v1', SessionRevokedData);

/**
 * A member signed in: auth opened a session (emitted in the transaction that creates it). Every
 * service keeps the live sessions and honours a token only for a session auth started for that member.
 */
export const SessionStartedData = Type.Object({
  sessionId: Type.String(),
  memberId: Type.String(),
  expiresAt: Type.String(),
});
export type SessionStartedData = Static<typeof SessionStartedData>;
export const SessionStarted = defineEvent('erp.auth.session_started.v1', SessionStartedData);

/**
 * Every member's access at once, in chunks: auth's answer to a service asking for a snapshot.
 * `sessions` (the live sessions, spread over the chunks) is absent from snapshots of older auth versions.
 */
export const MembersSnapshotData = Type.Object({
  members: Type.Array(MemberUpsertedData),
  sessions: Type.Optional(Type.Array(SessionStartedData)),
  chunk: Type.Integer(),
  chunks: Type.Integer(),
});
export type MembersSnapshotData = Static<typeof MembersSnapshotData>;
export const MembersSnapshot = defineEvent('erp.auth.members_snapshot.v1', MembersSnapshotData);

/**
 * A service whose member replica is empty (first start, or a new service on an old database) asks
 * auth to publish a snapshot. Each service publishes it under its own subject.
 */
export const AccessSnapshotRequestedData = Type.Object({ service: Type.String() });
export type AccessSnapshotRequestedData = Static<typeof AccessSnapshotRequestedData>;
export const accessSnapshotRequested = (service: string) =>
  defineEvent(`erp.${service}.access_snapshot_requested.v1`, AccessSnapshotRequestedData);
export const ACCESS_SNAPSHOT_REQUESTS = 'erp.*.access_snapshot_requested.v1';
