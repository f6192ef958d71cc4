import { Card, Skeleton } from '@erp/ui';
import styled from 'styled-components';

const Rows = styled(Card)`
  display: grid;
  gap: 0.875rem;
  padding: 1rem;
`;

/** Placeholder rows while the first page of vendors loads. */
export function VendorListSkeleton() {
  return (
    <Rows aria-busy="true" aria-label="Loading vendors">
      <Skeleton $height="1.5rem" />
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} $height="2.25rem" />
      ))}
    </Rows>
  );
}
