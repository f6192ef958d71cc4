import { Type, type Static } from 'typebox';
import { MODULE_KEYS, ROLES, type ModuleKey } from '../permissions.js';
import { MEMBER_NAME_RULE } from '../names.js';
import { PHONE_PATTERN, OTP_PATTERN } from '../phone.js';
import { Actor, Paging, OneOf, ListPage } from './common.js';

const PhoneNumber = Type.String({
  pattern: PHONE_PATTERN,
  errorMessage: 'Enter a valid 10-digit mobile number',
});

export const SendOtpBody = Type.Object({ phoneNumber: PhoneNumber }, { additionalProperties: false });
export type SendOtpBody = Static<typeof SendOtpBody>;

export const VerifyOtpBody = Type.Object(
  {
    phoneNumber: PhoneNumber,
    otp: Type.String({ pattern: OTP_PATTERN, errorMessage: 'OTP must be 6 letters or digits' }),
  },
  { additionalProperties: false },
);
export type VerifyOtpBody = Static<typeof VerifyOtpBody>;

const AccessSchema = Type.Object(
  { read: Type.Boolean(), write: Type.Boolean() },
  { additionalProperties: false },
);
const AccessInput = Type.Object(
  { read: Type.Optional(Type.Boolean()), write: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);

/** One property per module of the permission editor (MODULES): a module added there is in the schemas too. */
function perModule<S>(schema: S): Record<ModuleKey, S> {
  return Object.fromEntries(MODULE_KEYS.map((key) => [key, schema])) as Record<ModuleKey, S>;
}

export const ModulePermissionSchema = Type.Object({
  read: Type.Boolean(),
  write: Type.Boolean(),
  subModules: Type.Record(Type.String(), AccessSchema),
});

export const PermissionsSchema = Type.Object({
  allProjects: Type.Boolean(),
  projects: Type.Array(Type.String()),
  modules: Type.Object(perModule(ModulePermissionSchema)),
});

const ModuleInput = Type.Optional(
  Type.Object(
    {
      read: Type.Optional(Type.Boolean()),
      write: Type.Optional(Type.Boolean()),
      subModules: Type.Optional(Type.Record(Type.String({ maxLength: 40 }), AccessInput)),
    },
    { additionalProperties: false },
  ),
);

export const PermissionsInput = Type.Object(
  {
    allProjects: Type.Optional(Type.Boolean()),
    projects: Type.Optional(
      Type.Array(Type.String({ format: 'uuid', errorMessage: 'Project ids must be valid ids' }), {
        maxItems: 1000,
      }),
    ),
    modules: Type.Optional(Type.Object(perModule(ModuleInput), { additionalProperties: false })),
  },
  { additionalProperties: false },
);
export type PermissionsInput = Static<typeof PermissionsInput>;

export const RoleSchema = OneOf(ROLES, {
  errorMessage: 'Role must be Admin, Purchaser, Accountant or Employee',
});
export const MemberStatus = OneOf(['active', 'inactive']);
/** Status as clients send it: the spec's variants active / Active / inactive / inActive / Inactive. */
export const MemberStatusInput = Type.String({
  pattern: '^(active|Active|inactive|inActive|Inactive)$',
  errorMessage: 'Status must be Active or Inactive',
});

export const Member = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  phoneNumber: Type.String(),
  status: MemberStatus,
  role: RoleSchema,
  isAdmin: Type.Boolean(),
  notes: Type.String(),
  permissions: PermissionsSchema,
  createdAt: Type.String(),
  updatedAt: Type.String(),
  createdBy: Actor,
  lastLoginAt: Type.Union([Type.String(), Type.Null()]),
  version: Type.Integer(),
});
export type Member = Static<typeof Member>;

export const VerifyOtpResponse = Type.Object({ token: Type.String(), user: Member });
export type VerifyOtpResponse = Static<typeof VerifyOtpResponse>;

export const MeResponse = Type.Object({ user: Member });
export type MeResponse = Static<typeof MeResponse>;

export const TeamListQuery = Type.Object({
  ...Paging,
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  status: Type.Optional(
    Type.String({
      pattern: '^(all|active|Active|inactive|inActive|Inactive|)$',
      errorMessage: 'Status must be all, active or inActive',
    }),
  ),
  /** Only members of this role (the project form's Employee picker asks for Employees). */
  role: Type.Optional(RoleSchema),
});
export type TeamListQuery = Static<typeof TeamListQuery>;

export const TeamListResponse = ListPage(Member);
export type TeamListResponse = Static<typeof TeamListResponse>;

const NameInput = Type.String({
  minLength: 1,
  maxLength: 100,
  // Letters of any script with their marks, and . ' - (decision 0010; SPEC §5 said A-Z and spaces).
  // Only spaces passes here and is told 'Name must be at least 2 characters' after trimming.
  pattern: "^(?:[ ]*|(?=.*\\p{L})[\\p{L}\\p{M} .'’-]+)$",
  errorMessage: MEMBER_NAME_RULE,
});
const EmailInput = Type.String({ maxLength: 200, errorMessage: 'Please enter a valid email address' });

const memberFields = {
  name: NameInput,
  email: EmailInput,
  phoneNumber: PhoneNumber,
  status: MemberStatusInput,
  role: Type.Optional(RoleSchema),
  isAdmin: Type.Optional(Type.Boolean()),
  notes: Type.Optional(Type.String({ maxLength: 2000 })),
  permissions: Type.Optional(PermissionsInput),
};

export const CreateMemberBody = Type.Object(memberFields, { additionalProperties: false });
export type CreateMemberBody = Static<typeof CreateMemberBody>;

export const UpdateMemberBody = Type.Object(
  {
    name: Type.Optional(NameInput),
    email: Type.Optional(EmailInput),
    phoneNumber: Type.Optional(PhoneNumber),
    status: Type.Optional(MemberStatusInput),
    role: Type.Optional(RoleSchema),
    isAdmin: Type.Optional(Type.Boolean()),
    notes: Type.Optional(Type.String({ maxLength: 2000 })),
    permissions: Type.Optional(PermissionsInput),
    /** Version the client last read; a stale one is refused with 409 so edits are not lost silently. */
    version: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);
export type UpdateMemberBody = Static<typeof UpdateMemberBody>;

export const MemberResponse = Type.Object({ message: Type.String(), user: Member });
export type MemberResponse = Static<typeof MemberResponse>;

export const DevSmsQuery = Type.Object({ phoneNumber: PhoneNumber }, { additionalProperties: false });
export const DevSmsMessage = Type.Object({
  phoneNumber: Type.String(),
  code: Type.String(),
  text: Type.String(),
  sentAt: Type.String(),
});
export type DevSmsMessage = Static<typeof DevSmsMessage>;
export const DevSmsResponse = Type.Array(DevSmsMessage);
