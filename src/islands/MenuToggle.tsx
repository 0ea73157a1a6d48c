import { useEffect, useRef, useState } from 'react';

interface Props {
  /** id of the menu panel the toggle opens and closes */
  panelId: string;
}

/**
 * The small-screen menu toggle. Without JavaScript it is a link to the panel, which CSS opens with
 * :target; hydrated (only on small screens) it is a disclosure button with aria-expanded, and Escape
 * closes the panel and returns focus to it. The panel stays static HTML outside the island, so the
 * season menu inside it is an island of its own and hydrates on wide screens too.
 */
export default function MenuToggle({ panelId }: Props) {
  const [enhanced, setEnhanced] = useState(false);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const panel = document.getElementById(panelId);
    if (!panel) return;
    panel.dataset.enhanced = '';
    setEnhanced(true);
    return () => {
      delete panel.dataset.enhanced;
    };
  }, [panelId]);

  useEffect(() => {
    const panel = document.getElementById(panelId);
    if (panel) panel.dataset.open = open ? 'true' : 'false';
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, panelId]);

  if (!enhanced)
    return (
      <a className="menu-toggle" href={`#${panelId}`}>
        메뉴
      </a>
    );
  return (
    <button
      ref={button}
      type="button"
      className="menu-toggle"
      aria-expanded={open}
      aria-controls={panelId}
      onClick={() => setOpen(!open)}
    >
      메뉴
    </button>
  );
}
