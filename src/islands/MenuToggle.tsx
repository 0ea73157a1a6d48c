import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';

interface Props {
  /** id of the panel the toggle opens */
  panelId: string;
  children?: ReactNode;
}

/**
 * The small-screen menu toggle. Without JavaScript the toggle is a link to the panel, which CSS opens
 * with :target; hydrated (only on small screens), it is a button with aria-expanded that Escape closes.
 */
export default function MenuToggle({ panelId, children }: Props) {
  const [enhanced, setEnhanced] = useState(false);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => setEnhanced(true), []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      button.current?.focus();
    }
  };

  return (
    <div className="menu" data-enhanced={enhanced ? '' : undefined} data-open={open ? 'true' : 'false'} onKeyDown={onKeyDown}>
      {enhanced ? (
        <button ref={button} type="button" className="menu-toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
          메뉴
        </button>
      ) : (
        <a className="menu-toggle" href={`#${panelId}`}>메뉴</a>
      )}
      <div className="menu-panel" id={panelId}>
        {children}
        {!enhanced && <a className="menu-close" href="#top">메뉴 닫기</a>}
      </div>
    </div>
  );
}
