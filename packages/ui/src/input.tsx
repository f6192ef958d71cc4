import styled from 'styled-components';
import { controlStyles } from './control-styles';
import { theme } from './theme';

export const Input = styled.input`
  ${controlStyles}
  height: 2.25rem;
`;

/** An Input with a fixed prefix before it (`<span aria-hidden="true">+91</span><Input />`), drawn as one control. */
export const PrefixedInput = styled.div`
  display: flex;
  & > span {
    display: grid;
    place-items: center;
    padding: 0 0.75rem;
    border: 1px solid ${theme.color.input};
    border-right: none;
    border-radius: ${theme.radius.md} 0 0 ${theme.radius.md};
    background: ${theme.color.muted};
    color: ${theme.color.mutedForeground};
  }
  & > input {
    border-radius: 0 ${theme.radius.md} ${theme.radius.md} 0;
  }
`;
