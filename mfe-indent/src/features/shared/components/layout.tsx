/** The frame both detail screens share: item cards beside a sticky side column, and the sticky bar of buttons. */
import { theme } from '@erp/ui';
import { StickyBar } from '@erp/ui/remote';
import styled from 'styled-components';

export const Workspace = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(20rem, 24rem);
  gap: 1rem;
  align-items: start;
  @media (max-width: 1099.98px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

export const ItemsColumn = styled.div`
  display: grid;
  gap: 0.75rem;
  min-width: 0;
`;

/** The side column (preview, blockers): sticky beside the items on wide screens, after them otherwise. */
/** The room of the cards still to be drawn (useProgressiveCount), so the page has its length from the start. */
export function ItemsToCome({ count }: { count: number }) {
  if (count <= 0) return null;
  return <div aria-hidden="true" style={{ height: `${count * 15.75}rem` }} />;
}

export const SideColumn = styled.aside`
  display: grid;
  gap: 1rem;
  min-width: 0;
  @media (min-width: 1100px) {
    position: sticky;
    /* Below the sticky action bar. */
    top: calc(${theme.layout.header} + 5rem);
    max-height: calc(100vh - ${theme.layout.header} - 6rem);
    overflow-y: auto;
    overscroll-behavior: contain;
    padding-bottom: 0.25rem;
  }
`;

export const Toolbar = styled.div`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  flex-wrap: wrap;
  margin-bottom: 1rem;
  & > .count {
    margin-left: auto;
    color: ${theme.color.mutedForeground};
    font-size: 0.875rem;
  }
  ${theme.media.mobile} {
    & > button {
      flex: 1 1 auto;
    }
    & > .count {
      margin-left: 0;
      flex-basis: 100%;
    }
  }
`;

/**
 * The buttons that finish the page, kept in view under the header while the cards scroll (at the
 * top: the toasts take the bottom right on desktops and the bottom on phones).
 */
export const ActionBar = styled(StickyBar)`
  top: calc(${theme.layout.header} + 0.5rem);
  bottom: auto;
  justify-content: flex-end;
  gap: 0.5rem 0.75rem;
  margin-bottom: 1rem;
  padding: 0.625rem 0.75rem 0.625rem 1rem;
  box-shadow: ${theme.shadow.md};
  & > .hint {
    flex: 1 1 16rem;
    min-width: 0;
    font-size: 0.8125rem;
    color: ${theme.color.mutedForeground};
    display: flex;
    align-items: center;
    gap: 0.375rem;
    text-align: left;
  }
  & > .hint.problem {
    color: ${theme.color.destructive};
  }
  & > .hint > svg {
    flex-shrink: 0;
  }
  ${theme.media.mobile} {
    gap: 0.5rem;
    padding: 0.5rem 0.625rem;
    & > .hint {
      flex-basis: 100%;
      display: block;
      font-size: 0.75rem;
      white-space: nowrap;
      overflow: hidden;
      text-overflow: ellipsis;
    }
    & > .hint > svg {
      display: none;
    }
    & > button {
      flex: 1 1 0;
      min-width: 0;
      padding: 0 0.5rem;
    }
    & > button > svg {
      display: none;
    }
  }
`;
