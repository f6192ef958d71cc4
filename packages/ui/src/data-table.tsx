import { startTransition, useEffect, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Card } from './card';
import { Table, TableContainer, TBody, Td, Th, THead, Tr } from './table';
import { theme } from './theme';
import { useIsMobile } from './use-media-query';

export interface Column<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** Shown as the card's heading on phones instead of a label/value line. */
  primary?: boolean;
}

export interface DataTableProps<T> {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  /** Row actions: the last column on desktop, the card's footer on phones. */
  actions?: (row: T) => ReactNode;
  caption?: string;
}

const CardList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.75rem;
`;

const RowCard = styled(Card)`
  padding: 1rem;
  display: grid;
  gap: 0.5rem;
`;

const CardHeading = styled.div`
  font-weight: 600;
  font-size: 0.9375rem;
`;

const Pairs = styled.dl`
  margin: 0;
  display: grid;
  gap: 0.5rem;
`;

const Pair = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 1rem;
  font-size: 0.875rem;
  & > dt { color: ${theme.color.mutedForeground}; flex-shrink: 0; }
  & > dd { margin: 0; text-align: right; min-width: 0; overflow-wrap: anywhere; }
`;

const Actions = styled.div`
  display: flex;
  gap: 0.5rem;
  justify-content: flex-end;
  flex-wrap: nowrap;
`;

const CardActions = styled(Actions)`
  flex-wrap: wrap;
  padding-top: 0.5rem;
  border-top: 1px solid ${theme.color.border};
  & > * { flex: 1; }
`;

const VisuallyHidden = styled.caption`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
`;

/** Rows rendered at once when a new list arrives: more than a screen holds, on any screen. */
export const FIRST_ROWS = 25;

const sameKeys = <T,>(a: T[], b: T[], key: (row: T) => string) => a.length === b.length && a.every((row, i) => key(row) === key(b[i]!));

/**
 * The rows to render: a new list (other rows than before) shows its first rows at once and the
 * rest in a transition right after, which typing interrupts, so the matches of a search appear
 * without waiting for the rows below the fold (a page of 100 took 30–60 ms to render in one go).
 * The same rows again (a refetch) stay as they are, so nothing below the fold blinks or jumps.
 */
function useRowsInSteps<T>(rows: T[], rowKey: (row: T) => string): T[] {
  const [shown, setShown] = useState({ rows, count: Math.min(rows.length, FIRST_ROWS) });
  let current = shown;
  if (shown.rows !== rows) {
    current = { rows, count: sameKeys(shown.rows, rows, rowKey) ? Math.max(shown.count, Math.min(rows.length, FIRST_ROWS)) : Math.min(rows.length, FIRST_ROWS) };
    setShown(current);
  }
  useEffect(() => {
    if (shown.count < shown.rows.length) startTransition(() => setShown((s) => (s.rows === shown.rows ? { rows: s.rows, count: s.rows.length } : s)));
  }, [shown]);
  return current.count >= rows.length ? rows : rows.slice(0, current.count);
}

/** A list that is a table on desktops and a stack of cards on phones (SPEC: 768 px breakpoint). */
export function DataTable<T>({ columns, rows: allRows, rowKey, actions, caption }: DataTableProps<T>) {
  const isMobile = useIsMobile();
  const rows = useRowsInSteps(allRows, rowKey);
  if (isMobile) {
    return (
      <CardList aria-label={caption}>
        {rows.map((row) => (
          <li key={rowKey(row)}>
            <RowCard>
              {columns
                .filter((col) => col.primary)
                .map((col) => (
                  <CardHeading key={col.id}>{col.cell(row)}</CardHeading>
                ))}
              <Pairs>
                {columns
                  .filter((col) => !col.primary)
                  .map((col) => (
                    <Pair key={col.id}>
                      <dt>{col.header}</dt>
                      <dd>{col.cell(row)}</dd>
                    </Pair>
                  ))}
              </Pairs>
              {actions && <CardActions>{actions(row)}</CardActions>}
            </RowCard>
          </li>
        ))}
      </CardList>
    );
  }
  return (
    <TableContainer>
      <Table>
        {caption && <VisuallyHidden>{caption}</VisuallyHidden>}
        <THead>
          <Tr>
            {columns.map((col) => (
              <Th key={col.id} scope="col" $align={col.align}>
                {col.header}
              </Th>
            ))}
            {actions && (
              <Th scope="col" $align="right">
                Actions
              </Th>
            )}
          </Tr>
        </THead>
        <TBody>
          {rows.map((row) => (
            <Tr key={rowKey(row)}>
              {columns.map((col) => (
                <Td key={col.id} $align={col.align}>
                  {col.cell(row)}
                </Td>
              ))}
              {actions && (
                <Td $align="right">
                  <Actions>{actions(row)}</Actions>
                </Td>
              )}
            </Tr>
          ))}
        </TBody>
      </Table>
    </TableContainer>
  );
}
