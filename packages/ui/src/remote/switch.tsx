import * as RadixSwitch from '@radix-ui/react-switch';
import type { ComponentPropsWithRef } from 'react';
import styled from 'styled-components';
import { theme } from '@erp/ui';

const Track = styled(RadixSwitch.Root)`
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
  &[data-state='checked'] {
    background: ${theme.color.primary};
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.5;
  }
  &:focus-visible {
    outline: 2px solid ${theme.color.ring};
    outline-offset: 2px;
  }
`;

const Thumb = styled(RadixSwitch.Thumb)`
  position: absolute;
  top: 2px;
  left: 2px;
  width: 1rem;
  height: 1rem;
  border-radius: 50%;
  background: #fff;
  box-shadow: ${theme.shadow.sm};
  transition: transform 0.15s;
  &[data-state='checked'] {
    transform: translateX(1rem);
  }
`;

export interface SwitchProps extends Omit<
  ComponentPropsWithRef<'button'>,
  'onChange' | 'value' | 'defaultValue'
> {
  checked: boolean;
  onCheckedChange?: (checked: boolean) => void;
}

/** An on/off switch (Radix Switch: role switch, Space/Enter, form value), styled. */
export function Switch(props: SwitchProps) {
  return (
    <Track {...props}>
      <Thumb />
    </Track>
  );
}
