/**
 * The receipt wizard's frames: the page's layout, the step list, the banners above the step and the
 * action bar that stays on screen while a long PO scrolls.
 */
import { keepClear, theme } from '@erp/ui';
import styled from 'styled-components';

export const Layout = styled.div`
  display: grid;
  gap: 1.25rem;
`;

export const Steps = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 0.5rem;
  & > li {
    display: flex;
    align-items: center;
    gap: 0.5rem;
    padding: 0.5rem 0.75rem;
    border: 1px solid ${theme.color.border};
    border-radius: ${theme.radius.md};
    background: ${theme.color.card};
    font-size: 0.875rem;
    font-weight: 500;
    color: ${theme.color.mutedForeground};
    min-width: 0;
    outline: none;
  }
  & > li[aria-current='step'] {
    border-color: ${theme.color.primary};
    color: ${theme.color.foreground};
    font-weight: 600;
  }
  & .dot {
    display: inline-grid;
    place-items: center;
    flex-shrink: 0;
    width: 1.5rem;
    height: 1.5rem;
    border-radius: 50%;
    font-size: 0.75rem;
    font-weight: 700;
    background: ${theme.color.muted};
  }
  & > li[aria-current='step'] .dot {
    background: ${theme.color.primary};
    color: ${theme.color.primaryForeground};
  }
  & > li.done .dot {
    background: ${theme.color.success};
    color: ${theme.color.successForeground};
  }
  ${theme.media.mobile} {
    & > li {
      padding: 0.375rem 0.5rem;
      font-size: 0.8125rem;
      line-height: 1.25;
    }
  }
`;

export const Banner = styled.div<{ $tone: 'error' | 'info' | 'warning' }>`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 0.75rem;
  flex-wrap: wrap;
  padding: 0.75rem 1rem;
  border: 1px solid
    ${(p) => (p.$tone === 'error' ? '#fecaca' : p.$tone === 'warning' ? '#fde68a' : '#bfdbfe')};
  border-radius: ${theme.radius.md};
  background: ${(p) => (p.$tone === 'error' ? '#fef2f2' : p.$tone === 'warning' ? '#fffbeb' : '#eff6ff')};
  font-size: 0.875rem;
  & > p {
    flex: 1 1 18rem;
  }
`;

/**
 * The step's buttons stay on screen while a long PO scrolls. Desktops: at the bottom, the buttons
 * at its left (the toasts appear bottom-right). Phones: first, sticking under the header, clear of
 * the toasts and the bottom navigation, as the indent form's bar does; the buttons are full height
 * touch targets.
 */
export const Bar = styled.div.attrs(keepClear)`
  position: sticky;
  bottom: 0.75rem;
  z-index: ${theme.z.sticky};
  display: flex;
  align-items: center;
  gap: 0.5rem;
  flex-wrap: wrap;
  padding: 0.75rem 1rem;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.lg};
  background: ${theme.color.card};
  box-shadow: ${theme.shadow.lg};
  & > .summary {
    margin-left: 0.5rem;
    font-size: 0.875rem;
    color: ${theme.color.mutedForeground};
  }
  & > .summary.problem {
    color: ${theme.color.destructive};
  }
  ${theme.media.mobile} {
    order: -1;
    top: calc(${theme.layout.header} + 0.5rem);
    bottom: auto;
    padding: 0.5rem 0.625rem;
    gap: 0.375rem 0.5rem;
    box-shadow: ${theme.shadow.md};
    & > .summary {
      order: -1;
      flex-basis: 100%;
      margin: 0;
      font-size: 0.8125rem;
      line-height: 1.3;
    }
    & > .summary:empty {
      display: none;
    }
    /* One row: the step's main button takes the width, the other beside it. */
    & > button {
      flex: 0 0 auto;
      padding: 0 0.875rem;
    }
    & > .primary {
      flex: 1 1 0;
      min-width: 0;
    }
  }
`;

export const ShowLink = styled.button`
  border: 0;
  padding: 0.25rem;
  margin: -0.25rem 0;
  background: none;
  font: inherit;
  font-weight: 600;
  color: inherit;
  text-decoration: underline;
  cursor: pointer;
`;
