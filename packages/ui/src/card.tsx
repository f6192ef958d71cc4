import styled from 'styled-components';
import { theme } from './theme';

/** Card and its parts (styled elements only, no behaviour). */
export const Card = styled.div`
  background: ${theme.color.card};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.lg};
  box-shadow: ${theme.shadow.sm};
  min-width: 0;
`;

export const CardHeader = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.25rem;
  padding: 1.25rem 1.25rem 0;
`;

export const CardTitle = styled.h3`
  font-size: 1rem;
  font-weight: 600;
  line-height: 1.3;
`;

export const CardDescription = styled.p`
  font-size: 0.8125rem;
  color: ${theme.color.mutedForeground};
`;

export const CardContent = styled.div`
  padding: 1.25rem;
`;

export const CardFooter = styled.div`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  padding: 0 1.25rem 1.25rem;
`;
