import type { ComponentPropsWithRef, MouseEvent } from 'react';
import { navigate } from './router';

export interface LinkProps extends ComponentPropsWithRef<'a'> {
  to: string;
  replace?: boolean;
}

/** An <a> that navigates in place; modified clicks (new tab, etc.) keep the browser's behaviour. */
export function Link({ to, replace, onClick, target, ...rest }: LinkProps) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey ||
      (target && target !== '_self')
    ) {
      return;
    }
    event.preventDefault();
    navigate(to, { replace });
  };
  return <a href={to} target={target} onClick={handleClick} {...rest} />;
}
