import styled, { keyframes } from 'styled-components';
import { theme } from './theme';

const fadeIn = keyframes`from { opacity: 0; } to { opacity: 1; }`;

/** The dimmed backdrop behind dialogs and sheets. */
export const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${theme.z.overlay};
  background: ${theme.color.overlay};
  animation: ${fadeIn} 0.15s ease-out;
`;
