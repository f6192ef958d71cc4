import styled, { keyframes } from 'styled-components';
import { theme } from './theme';

const pulse = keyframes`50% { opacity: 0.5; }`;

/** A grey placeholder of the content being loaded. Size it with width/height/style. */
export const Skeleton = styled.div<{ $width?: string; $height?: string }>`
  width: ${(p) => p.$width ?? '100%'};
  height: ${(p) => p.$height ?? '1rem'};
  border-radius: ${theme.radius.md};
  background: ${theme.color.muted};
  animation: ${pulse} 1.6s ease-in-out infinite;
`;
