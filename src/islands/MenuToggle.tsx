import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { KeyboardEvent, MouseEvent } from 'react';

interface Props {
  /** id of the menu panel the toggle opens and closes */
  panelId: string;
}

/**
 * The small-screen menu toggle (decisions 108 and 137). The server renders the link that opens the
 * panel by :target, which is all a visitor without JavaScript needs. Hydrated on the first touch,
 * pointer or focus on it (`client:interaction`), the same link becomes a disclosure button:
 * `role="button"`, aria-expanded, Space as well as Enter, and Escape closes the panel and returns
 * the focus to it. It stays the same element so that the press which woke it still lands on it
 * and the focus stays where it was.
 */
export default function MenuToggle({ panelId }: Props) {
  const [enhanced, setEnhanced] = useState(false);
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLAnchorElement>(null);

  // A layout effect runs before the browser paints or hands the page another event. A tap that
  // came before hydration has followed the link, and the panel is open by :target: start open.
  useLayoutEffect(() => {
    setOpen(window.location.hash === `#${panelId}`);
    setEnhanced(true);
  }, [panelId]);

  // The panel's data-enhanced switches the CSS from :target to data-open (global.css).
  useLayoutEffect(() => {
    const panel = document.getElementById(panelId);
    if (!enhanced || !panel) return;
    panel.dataset.enhanced = '';
    panel.dataset.open = String(open);
  }, [enhanced, open, panelId]);

  useEffect(() => {
    if (!open) return;
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onEscape);
    return () => document.removeEventListener('keydown', onEscape);
  }, [open]);

  // Enter on a link clicks it; Space is a button's key, and would scroll the page.
  const onClick = (event: MouseEvent) => {
    event.preventDefault();
    setOpen((wasOpen) => !wasOpen);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== ' ') return;
    event.preventDefault();
    setOpen((wasOpen) => !wasOpen);
  };

  return (
    <a
      ref={toggle}
      className="menu-toggle"
      href={`#${panelId}`}
      role={enhanced ? 'button' : undefined}
      aria-expanded={enhanced ? open : undefined}
      aria-controls={enhanced ? panelId : undefined}
      onClick={onClick}
      onKeyDown={onKeyDown}
    >
      메뉴
    </a>
  );
}
