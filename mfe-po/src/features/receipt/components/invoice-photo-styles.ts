/** The invoice photo's frames: the 4:3 picture, its buttons, notes, and the file picker drawn as a button. */
import { theme } from '@erp/ui';
import styled from 'styled-components';

export const Frame = styled.div`
  position: relative;
  width: 100%;
  max-width: 36rem;
  aspect-ratio: 4 / 3;
  border-radius: ${theme.radius.md};
  overflow: hidden;
  background: #0b0b0f;
  & > video,
  & > img {
    width: 100%;
    height: 100%;
    display: block;
  }
  & > video {
    object-fit: cover;
  }
  & > img {
    object-fit: contain;
    background: ${theme.color.muted};
  }
  & > .starting {
    position: absolute;
    inset: 0;
    display: grid;
    place-items: center;
    color: #fff;
    gap: 0.5rem;
  }
`;

export const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin-top: 0.75rem;
  & > * {
    min-height: 2.75rem;
  }
  ${theme.media.mobile} {
    display: grid;
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
    & > * {
      min-width: 0;
      width: 100%;
      padding-left: 0.5rem;
      padding-right: 0.5rem;
      gap: 0.375rem;
    }
    & svg {
      flex-shrink: 0;
    }
    & > .wide {
      grid-column: 1 / -1;
    }
  }
`;

export const Note = styled.p<{ $tone?: 'error' | 'muted' }>`
  margin-top: 0.5rem;
  font-size: 0.875rem;
  color: ${(p) => (p.$tone === 'error' ? theme.color.destructive : theme.color.mutedForeground)};
`;

export const Meta = styled.p`
  margin-top: 0.5rem;
  font-size: 0.8125rem;
  color: ${theme.color.mutedForeground};
  overflow-wrap: anywhere;
`;

export const PickerLabel = styled.label`
  /* The file input is hidden; its label is the button (keyboard: the input keeps the focus ring below). */
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  height: 2.75rem;
  padding: 0 1rem;
  border: 1px solid ${theme.color.input};
  border-radius: ${theme.radius.md};
  background: ${theme.color.background};
  font-size: 0.875rem;
  font-weight: 500;
  cursor: pointer;
  white-space: nowrap;
  &:hover {
    background: ${theme.color.accent};
  }
  &:focus-within {
    outline: 2px solid ${theme.color.ring};
    outline-offset: 1px;
  }
  &[aria-disabled='true'] {
    opacity: 0.5;
    cursor: not-allowed;
  }
  & > input {
    position: absolute;
    width: 1px;
    height: 1px;
    opacity: 0;
    overflow: hidden;
  }
  & > svg {
    flex-shrink: 0;
  }
  & > .text {
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  ${theme.media.mobile} {
    padding: 0 0.5rem;
    gap: 0.375rem;
  }
`;
