import styled from 'styled-components';
import { Button } from './button';
import { Icon } from './icon';
import { theme } from './theme';

const Nav = styled.nav`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 0.75rem;
  flex-wrap: wrap;
`;

const Summary = styled.p`
  font-size: 0.8125rem;
  color: ${theme.color.mutedForeground};
`;

const Pages = styled.div`
  display: flex;
  align-items: center;
  gap: 0.25rem;
`;

export interface PaginationProps {
  /** 1-based. */
  page: number;
  pageSize: number;
  totalItems: number;
  onPageChange: (page: number) => void;
  /** How many numbered buttons at most (the spec uses 5). */
  maxButtons?: number;
}

function pageWindow(page: number, pageCount: number, maxButtons: number): number[] {
  const half = Math.floor(maxButtons / 2);
  const start = Math.max(1, Math.min(page - half, pageCount - maxButtons + 1));
  const end = Math.min(pageCount, start + maxButtons - 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

export function Pagination({ page, pageSize, totalItems, onPageChange, maxButtons = 5 }: PaginationProps) {
  const pageCount = Math.max(1, Math.ceil(totalItems / pageSize));
  const from = totalItems === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(totalItems, page * pageSize);
  return (
    <Nav aria-label="Pagination">
      <Summary>
        Showing {from}–{to} of {totalItems}
      </Summary>
      <Pages>
        <Button variant="outline" size="sm" onClick={() => onPageChange(page - 1)} disabled={page <= 1} aria-label="Previous page">
          <Icon name="chevronLeft" />
        </Button>
        {pageWindow(page, pageCount, maxButtons).map((n) => (
          <Button
            key={n}
            variant={n === page ? 'default' : 'outline'}
            size="sm"
            onClick={() => onPageChange(n)}
            aria-current={n === page ? 'page' : undefined}
            aria-label={`Page ${n}`}
          >
            {n}
          </Button>
        ))}
        <Button variant="outline" size="sm" onClick={() => onPageChange(page + 1)} disabled={page >= pageCount} aria-label="Next page">
          <Icon name="chevronRight" />
        </Button>
      </Pages>
    </Nav>
  );
}
