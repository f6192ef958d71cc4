import { Card, Skeleton } from '@erp/ui';
import styled from 'styled-components';

const Rows = styled(Card)`
  display: grid;
  gap: 0.875rem;
  padding: 1rem;
`;

/** Placeholder rows while a list's first page loads; `label` is what a screen reader hears ("Loading vendors"). */
export function ListSkeleton({ label, rows = 6 }: { label: string; rows?: number }) {
  return (
    <Rows aria-busy="true" aria-label={label}>
      <Skeleton $height="1.5rem" />
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} $height="2.25rem" />
      ))}
    </Rows>
  );
}
