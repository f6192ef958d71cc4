import { Skeleton } from '@erp/ui';
import styled from 'styled-components';

const Wrapper = styled.div`
  display: grid;
  gap: 1rem;
`;

/** What a screen looks like while its code or first data loads. */
export function PageSkeleton() {
  return (
    <Wrapper aria-busy="true" aria-label="Loading">
      <Skeleton $width="14rem" $height="2rem" />
      <Skeleton $width="20rem" $height="1rem" />
      <Skeleton $height="2.5rem" />
      <Skeleton $height="16rem" />
    </Wrapper>
  );
}
