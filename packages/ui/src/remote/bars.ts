/**
 * The frames the remotes' screens put around their buttons and notices: the action bar that stays on
 * screen while a long form scrolls, and the banner above a form or page (a conflict, a state that
 * forbids changes, work kept offline).
 */
import { keepClear, theme } from '@erp/ui';
import styled, { css } from 'styled-components';

/**
 * A card of buttons that sticks at the bottom while a long form scrolls, its buttons in a wrapping
 * row; toasts never cover it (data-keep-clear, decision 0038). A muted `.summary` may follow the
 * buttons. Screens extend it with where it sticks on phones and how their parts lay out.
 */
export const StickyBar = styled.div.attrs(keepClear)`
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
`;

/**
 * For a StickyBar: on phones the toasts take the whole width above the bottom navigation, where the
 * bar would be, so there it comes first and sticks under the header, its `.summary` on a row of its own.
 */
export const stickyBarOnTopOnPhones = css`
  ${theme.media.mobile} {
    order: -1;
    top: calc(${theme.layout.header} + 0.5rem);
    bottom: auto;
    padding: 0.5rem 0.625rem;
    box-shadow: ${theme.shadow.md};
    & > .summary {
      order: -1;
      flex-basis: 100%;
      margin: 0;
    }
  }
`;

export type BannerTone = 'error' | 'info' | 'warning';

const border: Record<BannerTone, string> = { error: '#fecaca', warning: '#fde68a', info: '#bfdbfe' };
const background: Record<BannerTone, string> = { error: '#fef2f2', warning: '#fffbeb', info: '#eff6ff' };

/** A tinted banner: its text (a <p>) and, at the right, what to do about it. */
export const Banner = styled.div<{ $tone: BannerTone }>`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 0.75rem;
  flex-wrap: wrap;
  padding: 0.75rem 1rem;
  border: 1px solid ${(p) => border[p.$tone]};
  border-radius: ${theme.radius.md};
  background: ${(p) => background[p.$tone]};
  font-size: 0.875rem;
  & > p {
    flex: 1 1 18rem;
  }
`;
