import type { ComponentPropsWithRef } from 'react';
import styled from 'styled-components';
import { theme } from './theme';

const Track = styled.button`
  position: relative;
  display: inline-flex;
  flex-shrink: 0;
  width: 2.25rem;
  height: 1.25rem;
  padding: 0;
  border: none;
  border-radius: ${theme.radius.full};
  background: ${theme.color.input};
  cursor: pointer;
  transition: background 0.15s;
  &[aria-checked='true'] { background: ${theme.color.primary}; }
  &:disabled { cursor: not-allowed; opacity: 0.5; }
  &::after {
    content: '';
    position: absolute;
    top: 2px;
    left: 2px;
    width: 1rem;
    height: 1rem;
    border-radius: 50%;
    background: #fff;
    box-shadow: ${theme.shadow.sm};
    transition: transform 0.15s;
  }
  &[aria-checked='true']::after { transform: translateX(1rem); }
`;

export interface SwitchProps extends Omit<ComponentPropsWithRef<'button'>, 'onChange'> {
  checked: boolean;
  onCheckedChange?: (checked: boolean) => void;
}

export function Switch({ checked, onCheckedChange, ...rest }: SwitchProps) {
  return <Track type="button" role="switch" aria-checked={checked} onClick={() => onCheckedChange?.(!checked)} {...rest} />;
}
