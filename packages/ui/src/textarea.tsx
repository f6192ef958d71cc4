import styled from 'styled-components';
import { controlStyles } from './control-styles';

export const Textarea = styled.textarea`
  ${controlStyles}
  min-height: 5rem;
  padding: 0.5rem 0.75rem;
  resize: vertical;
`;
