import { css } from 'styled-components';
import { theme } from './theme';

/** Shared look of text-like form controls (input, textarea, select). */
export const controlStyles = css`
  width: 100%;
  min-width: 0;
  border: 1px solid ${theme.color.input};
  border-radius: ${theme.radius.md};
  background: ${theme.color.background};
  padding: 0 0.75rem;
  font-size: 0.875rem;
  transition:
    border-color 0.15s,
    box-shadow 0.15s;
  &::placeholder {
    color: ${theme.color.mutedForeground};
  }
  &:focus-visible {
    outline: none;
    border-color: ${theme.color.ring};
    box-shadow: 0 0 0 3px rgba(148, 163, 184, 0.35);
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
    background: ${theme.color.muted};
  }
  &[readonly] {
    background: ${theme.color.muted};
  }
  &[aria-invalid='true'] {
    border-color: ${theme.color.destructive};
  }
  /* 16px on phones stops iOS zooming into the field. */
  ${theme.media.mobile} {
    font-size: 1rem;
  }
`;
