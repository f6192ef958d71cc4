import { accessBadgeVariant, accessLabel, formatPhone, type Member } from '@erp/contracts';
import { Badge, Icon, LinkButton, theme, useIsMobile } from '@erp/ui';
import { DataTable, type Column } from '@erp/ui/remote';
import styled from 'styled-components';
import { EmailText } from './email-text';
import { MemberStatusBadge } from './member-status-badge';

const Name = styled.span`
  font-weight: 500;
  white-space: nowrap;
`;

const Muted = styled.span`
  color: ${theme.color.mutedForeground};
  overflow-wrap: anywhere;
`;

const columns: Column<Member>[] = [
  { id: 'name', header: 'Name', primary: true, cell: (m) => <Name>{m.name}</Name> },
  {
    id: 'phone',
    header: 'Phone',
    cell: (m) => <span style={{ whiteSpace: 'nowrap' }}>{formatPhone(m.phoneNumber)}</span>,
  },
  {
    id: 'email',
    header: 'Email',
    cell: (m) => <Muted>{m.email ? <EmailText email={m.email} /> : '—'}</Muted>,
  },
  { id: 'role', header: 'Role', cell: (m) => m.role },
  {
    id: 'access',
    header: 'Access',
    cell: (m) => <Badge variant={accessBadgeVariant(m)}>{accessLabel(m)}</Badge>,
  },
  { id: 'status', header: 'Status', cell: (m) => <MemberStatusBadge status={m.status} /> },
];

export interface TeamTableProps {
  members: Member[];
  canEdit: boolean;
}

/** Members as a table on desktops and cards on phones, with View (and Edit for Admins). */
export function TeamTable({ members, canEdit }: TeamTableProps) {
  // Desktop rows keep the actions to icons (with tooltips) so seven columns fit beside the sidebar.
  const compact = !useIsMobile();
  return (
    <DataTable
      caption="Team members"
      columns={columns}
      rows={members}
      rowKey={(m) => m._id}
      actions={(m) => (
        <>
          <LinkButton
            to={`/team/edit?id=${encodeURIComponent(m._id)}&mode=view`}
            variant="outline"
            size={compact ? 'icon' : 'sm'}
            aria-label={`View ${m.name}`}
            title={compact ? 'View' : undefined}
          >
            <Icon name="eye" />
            {!compact && 'View'}
          </LinkButton>
          {canEdit && (
            <LinkButton
              to={`/team/edit?id=${encodeURIComponent(m._id)}`}
              variant="outline"
              size={compact ? 'icon' : 'sm'}
              aria-label={`Edit ${m.name}`}
              title={compact ? 'Edit' : undefined}
            >
              <Icon name="pencil" />
              {!compact && 'Edit'}
            </LinkButton>
          )}
        </>
      )}
    />
  );
}
