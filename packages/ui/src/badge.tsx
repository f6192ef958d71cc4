import type { ComponentPropsWithRef } from 'react';
import styled, { css } from 'styled-components';
import { theme } from './theme';

export type BadgeVariant = 'default' | 'secondary' | 'outline' | 'destructive' | 'success';

const looks: Record<BadgeVariant, string> = {
  default: `background: ${theme.color.primary}; color: ${theme.color.primaryForeground};`,
  secondary: `background: ${theme.color.secondary}; color: ${theme.color.secondaryForeground}; border-color: ${theme.color.border};`,
  outline: `background: transparent; color: ${theme.color.foreground}; border-color: ${theme.color.input};`,
  destructive: `background: ${theme.color.destructive}; color: ${theme.color.destructiveForeground};`,
  success: `background: ${theme.color.success}; color: ${theme.color.successForeground};`,
};

/** A badge's pill shape, for a plain element drawn as one (a class in a long list, where a component per badge costs). */
export const badgeShape = css`
  display: inline-flex;
  align-items: center;
  gap: 0.25rem;
  border: 1px solid transparent;
  border-radius: ${theme.radius.full};
  padding: 0.125rem 0.625rem;
  font-size: 0.75rem;
  font-weight: 600;
  line-height: 1.25rem;
  white-space: nowrap;
`;

const StyledBadge = styled.span<{ $variant: BadgeVariant }>`
  ${badgeShape}
  ${(p) => looks[p.$variant]}
`;

export interface BadgeProps extends ComponentPropsWithRef<'span'> {
  variant?: BadgeVariant;
}

export function Badge({ variant = 'default', ...rest }: BadgeProps) {
  return <StyledBadge $variant={variant} {...rest} />;
}
