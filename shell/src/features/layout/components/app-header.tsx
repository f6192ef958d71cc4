import { Button, Icon, theme } from '@erp/ui';
import styled from 'styled-components';
import { UserMenu } from './user-menu';

const Header = styled.header`
  position: sticky;
  top: 0;
  z-index: ${theme.z.sticky};
  display: flex;
  align-items: center;
  gap: 0.75rem;
  height: ${theme.layout.header};
  padding: 0 1rem;
  border-bottom: 1px solid ${theme.color.border};
  background: rgba(255, 255, 255, 0.92);
  backdrop-filter: blur(6px);
`;

const Title = styled.div`
  flex: 1;
  min-width: 0;
  font-weight: 600;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
  & > small {
    font-weight: 400;
    color: ${theme.color.mutedForeground};
    margin-left: 0.5rem;
  }
`;

const Separator = styled.span`
  width: 1px;
  height: 1.25rem;
  background: ${theme.color.border};
`;

export interface AppHeaderProps {
  isMobile: boolean;
  sidebarExpanded: boolean;
  onToggleSidebar: () => void;
  /** The current section (Dashboard, Team and Project, ...). */
  title: string;
  userName: string;
  role?: string;
}

export function AppHeader({
  isMobile,
  sidebarExpanded,
  onToggleSidebar,
  title,
  userName,
  role,
}: AppHeaderProps) {
  return (
    <Header>
      {isMobile ? (
        <Title>
          ERP<small>Management System</small>
        </Title>
      ) : (
        <>
          <Button
            variant="ghost"
            size="icon"
            onClick={onToggleSidebar}
            aria-label={sidebarExpanded ? 'Collapse sidebar' : 'Expand sidebar'}
            aria-expanded={sidebarExpanded}
            title="Toggle sidebar (Ctrl+B)"
          >
            <Icon name="panel" />
          </Button>
          <Separator />
          <Title>{title}</Title>
          <UserMenu name={userName} role={role} />
        </>
      )}
    </Header>
  );
}
