import { isAdmin } from '@erp/contracts';
import { Badge, EmptyState, Icon, LinkButton, PageHeader } from '@erp/ui';
import { isNotFound, LoadFailure, PageSkeleton, useCurrentUser } from '@erp/ui/remote';
import { useMemo } from 'react';
import { useMember } from '../api/get-member';
import { emptyMemberValues, memberToValues } from '../hooks/member-form-values';
import { MemberForm, type MemberFormMode } from './member-form';

const TITLES: Record<MemberFormMode, { title: string; description: string }> = {
  add: { title: 'Add Team Member', description: 'Create a member and choose what they can access' },
  edit: { title: 'Edit Team Member', description: "Update the member's details, role and permissions" },
  view: { title: 'Team Member Details', description: "The member's details, role and sign-in history" },
};

const backToList = (
  <LinkButton to="/team/list" variant="outline">
    <Icon name="arrowLeft" />
    Back to List
  </LinkButton>
);

export interface MemberFormPageProps {
  id: string | null;
  mode: MemberFormMode;
}

/** /team/edit: loads the member (edit, view) and applies who may change members (Admins only). */
export function MemberFormPage({ id, mode: requested }: MemberFormPageProps) {
  const user = useCurrentUser();
  const admin = isAdmin(user);
  // Only Admins create or update members; anyone else sees a member read-only.
  const mode: MemberFormMode = requested === 'edit' && !admin ? 'view' : requested;
  const member = useMember(mode === 'add' ? null : id);
  const initial = useMemo(
    () => (member.data ? memberToValues(member.data) : emptyMemberValues()),
    [member.data],
  );
  const { title, description } = TITLES[mode];
  const badge = mode === 'view' ? <Badge variant="outline">Read Only</Badge> : undefined;

  if (mode === 'add' && !admin) {
    return (
      <>
        <PageHeader title={title} />
        <EmptyState
          icon="lock"
          title="Access denied"
          description="Only Admins can add team members. Ask an Admin if someone needs access."
          action={backToList}
        />
      </>
    );
  }

  if (mode !== 'add') {
    if (member.isPending) return <PageSkeleton />;
    if (member.isError) {
      return (
        <LoadFailure
          title={title}
          back={backToList}
          error={member.error}
          missing={isNotFound}
          icon="users"
          notFound={{
            title: 'Member not found',
            description: 'The requested team member could not be found.',
          }}
          errorTitle="Could not load this member"
          onRetry={() => void member.refetch()}
        />
      );
    }
  }

  return (
    <>
      <PageHeader title={title} description={description} badge={badge} />
      <MemberForm mode={mode} member={member.data ?? null} initial={initial} reload={member.refetch} />
    </>
  );
}
