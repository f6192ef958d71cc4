import type { Member, Role } from '@erp/contracts';
import { errorMessage } from '@erp/sdk';
import { Button, ConfirmDialog, Icon, Spinner, theme, toast, useNavigate } from '@erp/ui';
import { useUnsavedChanges } from '@erp/ui/remote';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useCreateMember } from '../api/create-member';
import { useUpdateMember } from '../api/update-member';
import { hasCustomPermissions, hasRequiredFields, validateMember, valuesToBody, withRole, type MemberFormValues } from '../hooks/member-form-values';
import { AccessStatusSection } from './access-status-section';
import { IdentitySection } from './identity-section';
import { LoginInfoSection } from './login-info-section';
import { PermissionsSection } from './permissions-section';

const Form = styled.form`
  display: grid;
  gap: 1.25rem;
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 0.5rem;
  ${theme.media.mobile} {
    flex-direction: column-reverse;
    & > * { width: 100%; }
  }
`;

export type MemberFormMode = 'add' | 'edit' | 'view';

export interface MemberFormProps {
  mode: MemberFormMode;
  member: Member | null;
  initial: MemberFormValues;
}

const LIST = '/team/list';

/** The member form in its three modes (SPEC §2 "Team member form"). */
export function MemberForm({ mode, member, initial }: MemberFormProps) {
  const [values, setValues] = useState(initial);
  const navigate = useNavigate();
  const readOnly = mode === 'view';
  const dirty = !readOnly && JSON.stringify(values) !== JSON.stringify(initial);
  const { dialog, allowLeave } = useUnsavedChanges(dirty);
  const create = useCreateMember();
  const update = useUpdateMember();
  const saving = create.isPending || update.isPending;

  const patch = (next: Partial<MemberFormValues>) => setValues((v) => ({ ...v, ...next }));

  // A new role comes with its own default permissions. When the member has custom ones (modules or
  // projects chosen by hand), the Admin is asked first instead of losing them silently.
  const [pendingRole, setPendingRole] = useState<Role | null>(null);
  const changeRole = (role: Role) => {
    if (role === values.role) return;
    if (hasCustomPermissions(values)) setPendingRole(role);
    else setValues((v) => withRole(v, role));
  };
  const confirmRole = () => {
    if (pendingRole) setValues((v) => withRole(v, pendingRole));
    setPendingRole(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (readOnly || saving || !hasRequiredFields(values)) return;
    const problem = validateMember(values);
    if (problem) {
      toast({ title: 'Validation Error', description: problem, variant: 'destructive' });
      return;
    }
    const body = valuesToBody(values);
    // On failure the form keeps everything typed, so the user can correct and save again.
    const onError = (error: Error) => toast({ title: errorMessage(error), variant: 'destructive' });
    if (mode === 'add') {
      create.mutate(body, {
        onSuccess: () => {
          allowLeave();
          toast({
            title: 'Member added successfully',
            description: 'New team member has been added to the system with custom permissions',
            variant: 'success',
          });
          void navigate(LIST);
        },
        onError,
      });
    } else if (member) {
      update.mutate(
        { id: member._id, body: { ...body, version: member.version } },
        {
          onSuccess: () => {
            allowLeave();
            toast({
              title: 'Member updated successfully',
              description: 'Team member information and permissions have been updated',
              variant: 'success',
            });
            void navigate(LIST);
          },
          onError,
        },
      );
    }
  };

  return (
    <Form onSubmit={onSubmit} noValidate aria-busy={saving}>
      <IdentitySection values={values} readOnly={readOnly} onChange={patch} />
      <AccessStatusSection
        values={values}
        readOnly={readOnly}
        onRoleChange={changeRole}
        onStatusChange={(status) => patch({ status })}
      />
      {!readOnly && <PermissionsSection values={values} disabled={saving} onChange={patch} />}
      {member && mode !== 'add' && <LoginInfoSection member={member} />}
      <Actions>
        {readOnly ? (
          <Button variant="outline" onClick={() => void navigate(LIST)}>
            <Icon name="arrowLeft" />
            Back to List
          </Button>
        ) : (
          <>
            <Button variant="outline" onClick={() => void navigate(LIST)} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving || !hasRequiredFields(values)}>
              {saving && <Spinner />}
              {saving ? 'Saving...' : 'Save'}
            </Button>
          </>
        )}
      </Actions>
      <ConfirmDialog
        open={pendingRole !== null}
        title={`Change role to ${pendingRole ?? ''}?`}
        description={`${values.name.trim() || 'This member'}'s permissions will be reset to the ${pendingRole ?? ''} role's defaults. The projects and module permissions chosen for them now will be lost.`}
        cancelLabel="Keep"
        confirmLabel="Change"
        onConfirm={confirmRole}
        onCancel={() => setPendingRole(null)}
      />
      <ConfirmDialog
        {...dialog}
        title="Discard Changes?"
        description="You have unsaved changes. Are you sure you want to leave without saving?"
        cancelLabel="Keep Editing"
        confirmLabel="Discard Changes"
        destructive
      />
    </Form>
  );
}
