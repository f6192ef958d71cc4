import { Link as RouterLink, type LinkProps as RouterLinkProps } from 'react-router-dom';

export interface LinkProps extends Omit<RouterLinkProps, 'to'> {
  to: string;
}

/**
 * react-router's Link: a real href (new tab on ctrl-click), navigating in place otherwise. Every
 * app's unsaved-changes guard is asked first (see GuardedNavigation).
 */
export function Link(props: LinkProps) {
  return <RouterLink {...props} />;
}
