import { Card, theme } from '@erp/ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';

const Grid = styled.dl<{ $columns: string; $mediumColumns: number }>`
  display: grid;
  grid-template-columns: ${(p) => p.$columns};
  gap: 1rem;
  margin: 0 0 1.25rem;
  @media (max-width: 1100px) {
    grid-template-columns: repeat(${(p) => p.$mediumColumns}, minmax(0, 1fr));
  }
  ${theme.media.mobile} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    gap: 0.75rem;
    & > .wide {
      grid-column: 1 / -1;
    }
  }
`;

const FactCard = styled(Card)`
  padding: 1rem 1.25rem;
  display: grid;
  gap: 0.25rem;
  align-content: start;
  min-width: 0;
  & > dt {
    color: ${theme.color.mutedForeground};
    font-size: 0.8125rem;
  }
  & > dd {
    margin: 0;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  & > dd.figure {
    font-size: 1.375rem;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
  & > dd.figure + dd {
    font-size: 0.8125rem;
    font-weight: 400;
    color: ${theme.color.mutedForeground};
  }
  & a {
    color: ${theme.color.primary};
    text-decoration: underline;
    text-underline-offset: 2px;
  }
  & small {
    display: block;
    font-weight: 400;
    color: ${theme.color.mutedForeground};
    font-size: 0.8125rem;
  }
  ${theme.media.mobile} {
    padding: 0.75rem 1rem;
    /* Two figures side by side on a phone need the smaller size; one across the screen keeps its own. */
    &:not(.wide) > dd.figure {
      font-size: 1.125rem;
    }
  }
`;

export interface FactGridProps {
  /** The columns on a desktop (a grid-template-columns value). */
  columns: string;
  /** How many equal columns below 1100 px; a phone always has two. */
  mediumColumns?: number;
  'aria-label'?: string;
  className?: string;
  children: ReactNode;
}

/**
 * The row of fact cards at the top of a detail screen (indent, PO, BOQ, vendor ledger): a description
 * list whose cards wrap to two columns on a phone, where a `wide` fact takes the whole row.
 */
export function FactGrid({ columns, mediumColumns = 2, children, ...rest }: FactGridProps) {
  return (
    <Grid $columns={columns} $mediumColumns={mediumColumns} {...rest}>
      {children}
    </Grid>
  );
}

export interface FactProps {
  label: ReactNode;
  /** The value, in the card's <dd>. */
  children: ReactNode;
  /** A muted line under the value (a code, a date, a note); left out when empty. */
  detail?: ReactNode;
  /** A large figure (an amount, a count): the detail then follows in a <dd> of its own. */
  figure?: boolean;
  /** Take the whole row on a phone. */
  wide?: boolean;
}

/** One card of a FactGrid: its label (<dt>) and value (<dd>). */
export function Fact({ label, children, detail, figure, wide }: FactProps) {
  const hasDetail = detail !== undefined && detail !== null && detail !== false && detail !== '';
  return (
    <FactCard className={wide ? 'wide' : undefined}>
      <dt>{label}</dt>
      <dd className={figure ? 'figure' : undefined}>
        {children}
        {!figure && hasDetail && <small>{detail}</small>}
      </dd>
      {figure && hasDetail && <dd>{detail}</dd>}
    </FactCard>
  );
}
