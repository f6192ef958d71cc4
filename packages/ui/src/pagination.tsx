import styled from 'styled-components';
import { Button } from './button';
import { formatNumber } from './format';
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

const More = styled.span`
  padding: 0 0.25rem;
  color: ${theme.color.mutedForeground};
`;

export interface PaginationProps {
  /** 1-based. */
  page: number;
  pageSize: number;
  totalItems: number;
  /**
   * The server stopped counting (`totalCapped`): `totalItems` is a lower bound and more pages follow
   * this one. The total reads "10,000+", Next stays on, and no page is offered as the last.
   */
  totalCapped?: boolean;
  onPageChange: (page: number) => void;
  /** How many numbered buttons at most (the spec uses 5). */
  maxButtons?: number;
}

/** A list's total as the screens show it: "1,234", or "10,000+" when the count stopped at its cap. */
export function formatTotal(total: number, capped = false): string {
  return `${formatNumber(total)}${capped ? '+' : ''}`;
}

function pageWindow(page: number, pageCount: number, maxButtons: number): number[] {
  const half = Math.floor(maxButtons / 2);
  const start = Math.max(1, Math.min(page - half, pageCount - maxButtons + 1));
  const end = Math.min(pageCount, start + maxButtons - 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

export function Pagination({
  page,
  pageSize,
  totalItems,
  totalCapped = false,
  onPageChange,
  maxButtons = 5,
}: PaginationProps) {
  // Capped: the pages known to exist (at least up to this one), and always one more after it.
  const known = totalCapped ? Math.max(totalItems, page * pageSize) : totalItems;
  const pageCount = Math.max(1, Math.ceil(known / pageSize));
  const from = known === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(known, page * pageSize);
  const lastKnown = pageWindow(page, pageCount, maxButtons).at(-1) ?? page;
  return (
    <Nav aria-label="Pagination">
      <Summary>
        Showing {formatNumber(from)}–{formatNumber(to)} of {formatTotal(totalItems, totalCapped)}
      </Summary>
      <Pages>
        <Button
          variant="outline"
          size="sm"
          onClick={() => onPageChange(page - 1)}
          disabled={page <= 1}
          aria-label="Previous page"
        >
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
        {totalCapped && lastKnown >= pageCount && <More aria-hidden="true">…</More>}
        <Button
          variant="outline"
          size="sm"
          onClick={() => onPageChange(page + 1)}
          disabled={!totalCapped && page >= pageCount}
          aria-label="Next page"
        >
          <Icon name="chevronRight" />
        </Button>
      </Pages>
    </Nav>
  );
}
