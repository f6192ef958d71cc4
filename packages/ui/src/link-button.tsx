import styled from 'styled-components';
import { buttonStyles, type ButtonSize, type ButtonVariant } from './button';
import { Link, type LinkProps } from './link';

const StyledLink = styled(Link)<{ $variant: ButtonVariant; $size: ButtonSize }>`
  ${buttonStyles}
`;

export interface LinkButtonProps extends LinkProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** A link (real href, opens in a new tab on ctrl-click) that looks like a Button. */
export function LinkButton({ variant = 'default', size = 'default', ...rest }: LinkButtonProps) {
  return <StyledLink $variant={variant} $size={size} {...rest} />;
}
