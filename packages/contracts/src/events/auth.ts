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
