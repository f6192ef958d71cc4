import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from './button';
import { Icon } from './icon';
import { theme } from './theme';

const Panel = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 0.75rem;
  padding: 2.5rem 1.5rem;
  text-align: center;
  border: 1px solid #fecaca;
  border-radius: ${theme.radius.lg};
  background: #fef2f2;
`;

const IconWrap = styled.div`
  color: ${theme.color.destructive};
`;

const Title = styled.h2`
  font-size: 1rem;
  font-weight: 600;
`;

const Message = styled.p`
  color: ${theme.color.mutedForeground};
  max-width: 32rem;
  overflow-wrap: anywhere;
`;

export interface ErrorPanelProps {
  title?: ReactNode;
  message: ReactNode;
  onRetry?: () => void;
  retryLabel?: string;
}

export function ErrorPanel({
  title = 'Something went wrong',
  message,
  onRetry,
  retryLabel = 'Retry',
}: ErrorPanelProps) {
  return (
    <Panel role="alert">
      <IconWrap>
        <Icon name="alert" size={28} />
      </IconWrap>
      <Title>{title}</Title>
      <Message>{message}</Message>
      {onRetry && (
        <Button variant="outline" onClick={onRetry}>
          <Icon name="refresh" />
          {retryLabel}
        </Button>
      )}
    </Panel>
  );
}
