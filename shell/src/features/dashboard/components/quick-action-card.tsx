import { Icon, Link, theme, type IconName } from '@erp/ui';
import styled from 'styled-components';

const Action = styled(Link)`
  display: flex;
  align-items: center;
  gap: 0.875rem;
  padding: 1rem 1.125rem;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.lg};
  background: ${theme.color.card};
  text-decoration: none;
  font-weight: 500;
  transition:
    border-color 0.15s,
    box-shadow 0.15s;
  &:hover {
    border-color: ${theme.color.ring};
    box-shadow: ${theme.shadow.md};
  }
  & > span {
    flex: 1;
  }
  & > svg:last-child {
    color: ${theme.color.mutedForeground};
  }
`;

const Badge = styled.span`
  display: grid;
  place-items: center;
  flex: 0 0 2.25rem !important;
  height: 2.25rem;
  border-radius: ${theme.radius.md};
  background: ${theme.color.primary};
  color: ${theme.color.primaryForeground};
`;

export interface QuickActionCardProps {
  label: string;
  to: string;
  icon: IconName;
}

export function QuickActionCard({ label, to, icon }: QuickActionCardProps) {
  return (
    <Action to={to}>
      <Badge aria-hidden="true">
        <Icon name={icon} />
      </Badge>
      <span>{label}</span>
      <Icon name="arrowRight" />
    </Action>
  );
}
