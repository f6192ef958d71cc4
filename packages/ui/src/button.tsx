import type { ComponentPropsWithRef } from 'react';
import styled, { css } from 'styled-components';
import { theme } from './theme';

export type ButtonVariant = 'default' | 'secondary' | 'outline' | 'destructive' | 'ghost';
export type ButtonSize = 'default' | 'sm' | 'lg' | 'icon';

const variants: Record<ButtonVariant, ReturnType<typeof css>> = {
  default: css`
    background: ${theme.color.primary};
    color: ${theme.color.primaryForeground};
    &:hover:not(:disabled) {
      opacity: 0.9;
    }
  `,
  secondary: css`
    background: ${theme.color.secondary};
    color: ${theme.color.secondaryForeground};
    &:hover:not(:disabled) {
      background: ${theme.color.border};
    }
  `,
  outline: css`
    background: ${theme.color.background};
    color: ${theme.color.foreground};
    border-color: ${theme.color.input};
    &:hover:not(:disabled) {
      background: ${theme.color.accent};
    }
  `,
  destructive: css`
    background: ${theme.color.destructive};
    color: ${theme.color.destructiveForeground};
    &:hover:not(:disabled) {
      opacity: 0.9;
    }
  `,
  ghost: css`
    background: transparent;
    color: ${theme.color.foreground};
    &:hover:not(:disabled) {
      background: ${theme.color.accent};
    }
  `,
};

const sizes: Record<ButtonSize, ReturnType<typeof css>> = {
  default: css`
    height: 2.25rem;
    padding: 0 1rem;
  `,
  sm: css`
    height: 2rem;
    padding: 0 0.75rem;
    font-size: 0.8125rem;
  `,
  lg: css`
    height: 2.75rem;
    padding: 0 1.5rem;
  `,
  icon: css`
    height: 2.25rem;
    width: 2.25rem;
    padding: 0;
  `,
};

/** Button look, reused by LinkButton so links that act as buttons look the same. */
export const buttonStyles = css<{ $variant: ButtonVariant; $size: ButtonSize }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  flex-shrink: 0;
  border: 1px solid transparent;
  border-radius: ${theme.radius.md};
  font-weight: 500;
  font-size: 0.875rem;
  line-height: 1;
  white-space: nowrap;
  text-decoration: none;
  cursor: pointer;
  transition:
    background 0.15s,
    opacity 0.15s;
  ${(p) => variants[p.$variant]}
  ${(p) => sizes[p.$size]}
  &:disabled, &[aria-disabled='true'] {
    opacity: 0.5;
    cursor: not-allowed;
  }
`;

const StyledButton = styled.button<{ $variant: ButtonVariant; $size: ButtonSize }>`
  ${buttonStyles}
`;

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function Button({ variant = 'default', size = 'default', type = 'button', ...rest }: ButtonProps) {
  return <StyledButton $variant={variant} $size={size} type={type} {...rest} />;
}
