import styled from 'styled-components';

export const Label = styled.label`
  display: inline-block;
  font-size: 0.875rem;
  font-weight: 500;
  line-height: 1.25;
`;
