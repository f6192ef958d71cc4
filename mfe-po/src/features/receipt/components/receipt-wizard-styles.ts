/**
 * The receipt wizard's frames: the page's layout, the step list and the action bar that stays on
 * screen while a long PO scrolls (the banners above the step are the kit's Banner).
 */
import { theme } from '@erp/ui';
import { StickyBar, stickyBarOnTopOnPhones } from '@erp/ui/remote';
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

/**
 * The step's buttons stay on screen while a long PO scrolls. Desktops: at the bottom, the buttons
 * at its left (the toasts appear bottom-right). Phones: first, sticking under the header, clear of
 * the toasts and the bottom navigation, as the indent form's bar does; the buttons are full height
 * touch targets.
 */
export const Bar = styled(StickyBar)`
  & > .summary.problem {
    color: ${theme.color.destructive};
  }
  ${stickyBarOnTopOnPhones}
  ${theme.media.mobile} {
    gap: 0.375rem 0.5rem;
    & > .summary {
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
