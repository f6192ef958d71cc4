import styled from 'styled-components';
import { controlStyles } from './control-styles';

export const Input = styled.input`
  ${controlStyles}
  height: 2.25rem;
`;
