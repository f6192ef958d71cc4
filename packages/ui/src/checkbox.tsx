import { useEffect, useRef, type ComponentPropsWithoutRef } from 'react';
import styled from 'styled-components';
import { theme } from './theme';

const Box = styled.input`
  width: 1rem;
  height: 1rem;
  margin: 0;
  accent-color: ${theme.color.primary};
  cursor: pointer;
  &:disabled {
    cursor: not-allowed;
  }
`;

export interface CheckboxProps extends Omit<
  ComponentPropsWithoutRef<'input'>,
  'type' | 'onChange' | 'checked'
> {
  checked: boolean;
  /** Some but not all of what this box stands for is on (e.g. a module with some sub-modules). */
  indeterminate?: boolean;
  onCheckedChange?: (checked: boolean) => void;
}

export function Checkbox({ checked, indeterminate = false, onCheckedChange, ...rest }: CheckboxProps) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <Box
      ref={ref}
      type="checkbox"
      checked={checked}
      onChange={(e) => onCheckedChange?.(e.target.checked)}
      {...rest}
    />
  );
}
