import type { ComponentPropsWithRef } from 'react';
import styled from 'styled-components';
import { Icon } from './icon';
import { Input } from './input';
import { theme } from './theme';

const Wrapper = styled.div`
  position: relative;
  flex: 1;
  min-width: 0;
  & > svg {
    position: absolute;
    left: 0.7rem;
    top: 50%;
    transform: translateY(-50%);
    color: ${theme.color.mutedForeground};
    pointer-events: none;
  }
`;

const Field = styled(Input)`
  padding-left: 2.25rem;
`;

export interface SearchInputProps extends Omit<ComponentPropsWithRef<'input'>, 'onChange' | 'value'> {
  value: string;
  onValueChange: (value: string) => void;
}

export function SearchInput({ value, onValueChange, className, ...rest }: SearchInputProps) {
  return (
    <Wrapper className={className}>
      <Icon name="search" />
      <Field type="search" value={value} onChange={(e) => onValueChange(e.target.value)} {...rest} />
    </Wrapper>
  );
}
