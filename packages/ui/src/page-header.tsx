import type { ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from './theme';

const Header = styled.header`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: 1rem;
  flex-wrap: wrap;
  margin-bottom: 1.5rem;
`;

const Titles = styled.div`
  display: grid;
  gap: 0.25rem;
  min-width: 0;
`;

const Title = styled.h1`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  flex-wrap: wrap;
  font-size: 1.5rem;
  font-weight: 700;
  letter-spacing: -0.01em;
  ${theme.media.mobile} {
    font-size: 1.25rem;
  }
`;

const Description = styled.p`
  color: ${theme.color.mutedForeground};
`;

const Actions = styled.div`
  display: flex;
  gap: 0.5rem;
  flex-wrap: wrap;
`;

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Next to the title (e.g. a 'Read Only' badge). */
  badge?: ReactNode;
  actions?: ReactNode;
}

export function PageHeader({ title, description, badge, actions }: PageHeaderProps) {
  return (
    <Header>
      <Titles>
        <Title>
          {title}
          {badge}
        </Title>
        {description && <Description>{description}</Description>}
      </Titles>
      {actions && <Actions>{actions}</Actions>}
    </Header>
  );
}
