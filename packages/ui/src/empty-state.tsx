import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Icon, type IconName } from './icon';
import { theme } from './theme';

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 0.5rem;
  padding: 3rem 1.5rem;
  text-align: center;
  border: 1px dashed ${theme.color.border};
  border-radius: ${theme.radius.lg};
  background: ${theme.color.card};
`;

const Badge = styled.div`
  display: grid;
  place-items: center;
  width: 3rem;
  height: 3rem;
  border-radius: 50%;
  background: ${theme.color.muted};
  color: ${theme.color.mutedForeground};
  margin-bottom: 0.5rem;
`;

const Title = styled.h3`
  font-size: 1rem;
  font-weight: 600;
`;

const Description = styled.p`
  color: ${theme.color.mutedForeground};
  max-width: 28rem;
`;

const Action = styled.div`
  margin-top: 0.75rem;
`;

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  icon?: IconName;
  action?: ReactNode;
}

export function EmptyState({ title, description, icon = 'inbox', action }: EmptyStateProps) {
  return (
    <Wrapper>
      <Badge>
        <Icon name={icon} size={22} />
      </Badge>
      <Title>{title}</Title>
      {description && <Description>{description}</Description>}
      {action && <Action>{action}</Action>}
    </Wrapper>
  );
}
