import type { Member, Role } from '@erp/contracts';
import { ConfirmDialog, toast, useNavigate } from '@erp/ui';
import { FormActions, FormShell, useFormKit } from '@erp/ui/remote-form';
import { useState } from 'react';
import { useCreateMember } from '../api/create-member';
import { useUpdateMember } from '../api/update-member';
import {
  hasCustomPermissions,
  hasRequiredFields,
  memberConflict,
  memberContract,
  memberProblemToast,
  roleDefaults,
  memberToValues,
  valuesToBody,
  type MemberFormValues,
} from '../hooks/member-form-values';
import { AccessStatusSection } from './access-status-section';
import { IdentitySection } from './identity-section';
import { LoginInfoSection } from './login-info-section';
import { PermissionsSection } from './permissions-section';

export type MemberFormMode = 'add' | 'edit' | 'view';

export interface MemberFormProps {
  mode: MemberFormMode;
  member: Member | null;
  initial: MemberFormValues;
  /** Fetches the member again (the stale-save banner's "Load latest version"). */
  reload?: () => Promise<{ data?: Member | undefined }>;
}

const LIST = '/team/list';

/** The member form in its three modes (SPEC §2 "Team member form"). */
export function MemberForm({ mode, member, initial, reload }: MemberFormProps) {
  const navigate = useNavigate();
  const readOnly = mode === 'view';
  const create = useCreateMember();
  const update = useUpdateMember();
  const kit = useFormKit({
    id: 'member',
    record: member,
    initial,
    contract: memberContract[mode === 'add' ? 'create' : 'update'],
    readOnly,
    canSubmit: hasRequiredFields,
    problemToast: memberProblemToast,
    save: async (values, version) => {
      const body = valuesToBody(values);
      if (mode === 'add') return void (await create.mutateAsync(body));
      if (member) await update.mutateAsync({ id: member._id, body: { ...body, version } });
    },
    onSaved: () => {
      toast(
        mode === 'add'
          ? {
              title: 'Member added successfully',
              description: 'New team member has been added to the system with custom permissions',
              variant: 'success',
            }
          : {
              title: 'Member updated successfully',
              description: 'Team member information and permissions have been updated',
              variant: 'success',
            },
      );
      void navigate(LIST);
    },
    conflictField: memberConflict,
    latest: member && reload && { refetch: reload, toValues: memberToValues },
  });
  const { values } = kit;

  // A new role comes with its own default permissions. When the member has custom ones (modules or
  // projects chosen by hand), the Admin is asked first instead of losing them silently.
  const [pendingRole, setPendingRole] = useState<Role | null>(null);
  const changeRole = (role: Role) => {
    if (role === values.role) return;
    if (hasCustomPermissions(values)) setPendingRole(role);
    else kit.patch({ role, ...roleDefaults(role) });
  };
  const confirmRole = () => {
    if (pendingRole) kit.patch({ role: pendingRole, ...roleDefaults(pendingRole) });
    setPendingRole(null);
  };

  return (
    <FormShell kit={kit}>
      <IdentitySection kit={kit} />
      <AccessStatusSection kit={kit} onRoleChange={changeRole} />
      {!readOnly && <PermissionsSection values={values} disabled={kit.saving} onChange={kit.patch} />}
      {member && mode !== 'add' && <LoginInfoSection member={member} />}
      <FormActions
        kit={kit}
        onCancel={() => void navigate(LIST)}
        saveLabel="Save"
        saveDisabled={!hasRequiredFields(values)}
        backLabel="Back to List"
      />
      <ConfirmDialog
        open={pendingRole !== null}
        title={`Change role to ${pendingRole ?? ''}?`}
        description={`${values.name.trim() || 'This member'}'s permissions will be reset to the ${pendingRole ?? ''} role's defaults. The projects and module permissions chosen for them now will be lost.`}
        cancelLabel="Keep"
        confirmLabel="Change"
        onConfirm={confirmRole}
        onCancel={() => setPendingRole(null)}
      />
    </FormShell>
  );
}
