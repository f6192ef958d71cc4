import type { Member } from '@erp/contracts';
import { formatDateTime, formatRelative, theme } from '@erp/ui';
import { FormSection } from '@erp/ui/remote';
import styled from 'styled-components';

const List = styled.dl`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 1rem;
  margin: 0;
  & dt {
    font-size: 0.8125rem;
    color: ${theme.color.mutedForeground};
  }
  & dd {
    margin: 0.25rem 0 0;
    font-weight: 500;
  }
  & small {
    display: block;
    font-weight: 400;
    color: ${theme.color.mutedForeground};
  }
  ${theme.media.mobile} {
    grid-template-columns: 1fr;
  }
`;

/** Created on / by and last login (edit and view only). */
export function LoginInfoSection({ member }: { member: Member }) {
  return (
    <FormSection title="Login Information">
      <List>
        <div>
          <dt>Created On</dt>
          <dd>{formatDateTime(member.createdAt) || '—'}</dd>
        </div>
        <div>
          <dt>Created By</dt>
          <dd>{member.createdBy?.name ?? 'System'}</dd>
        </div>
        <div>
          <dt>Last Login</dt>
          <dd>
            {member.lastLoginAt ? (
              <>
                {formatDateTime(member.lastLoginAt)}
                <small>{formatRelative(member.lastLoginAt)}</small>
              </>
            ) : (
              'Never signed in'
            )}
          </dd>
        </div>
      </List>
    </FormSection>
  );
}
