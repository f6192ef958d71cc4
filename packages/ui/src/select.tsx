import styled from 'styled-components';
import { controlStyles } from './control-styles';

/** A styled native <select>: keyboard, screen readers and phone pickers work as the platform does. */
export const Select = styled.select`
  ${controlStyles}
  height: 2.25rem;
  padding-right: 2rem;
  appearance: none;
  background-image: url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='16' height='16' viewBox='0 0 24 24' fill='none' stroke='%2364748b' stroke-width='2'%3E%3Cpath d='M6 9l6 6 6-6'/%3E%3C/svg%3E");
  background-repeat: no-repeat;
  background-position: right 0.6rem center;
  cursor: pointer;
`;
