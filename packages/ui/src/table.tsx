import styled from 'styled-components';
import { theme } from './theme';

/** Table parts for desktop lists (styled elements only). Wrap in TableContainer for horizontal scroll. */
export const TableContainer = styled.div`
  width: 100%;
  overflow-x: auto;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.lg};
  background: ${theme.color.card};
`;

export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.875rem;
`;

export const THead = styled.thead`
  background: ${theme.color.muted};
`;

export const TBody = styled.tbody``;

export const Tr = styled.tr`
  border-bottom: 1px solid ${theme.color.border};
  tbody &:last-child {
    border-bottom: none;
  }
  tbody &:hover {
    background: #f8fafc;
  }
`;

export const Th = styled.th<{ $align?: 'left' | 'right' | 'center' }>`
  height: 2.75rem;
  padding: 0 0.875rem;
  text-align: ${(p) => p.$align ?? 'left'};
  font-weight: 500;
  color: ${theme.color.mutedForeground};
  white-space: nowrap;
`;

export const Td = styled.td<{ $align?: 'left' | 'right' | 'center' }>`
  padding: 0.75rem 0.875rem;
  text-align: ${(p) => p.$align ?? 'left'};
  vertical-align: middle;
`;
