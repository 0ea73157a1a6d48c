import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { navigate } from './location-store.ts';
import { mayLeave } from './leave-guard.ts';

type Props = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

/** A real link (middle-click and "open in new tab" work) that moves inside the console without a reload. */
export function Link({ href, onClick, ...rest }: Props) {
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    if (rest.target && rest.target !== '_self') return;
    if (!href.startsWith('/admin')) return;
    event.preventDefault();
    if (!mayLeave()) return;
    navigate(href);
  };
  return <a href={href} onClick={handle} {...rest} />;
}
