import { accessBadgeVariant, accessLabel, formatPhone, type Member } from '@erp/contracts';
import { Badge, theme, useIsMobile } from '@erp/ui';
import { DataTable, RowActions, type Column } from '@erp/ui/remote';
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
      actions={(m) => (
        <RowActions
          name={m.name}
          iconOnly={compact}
          actions={[
            { to: `/team/edit?id=${encodeURIComponent(m._id)}&mode=view`, icon: 'eye', label: 'View' },
            canEdit && { to: `/team/edit?id=${encodeURIComponent(m._id)}`, icon: 'pencil', label: 'Edit' },
          ]}
        />
      )}
    />
  );
}
