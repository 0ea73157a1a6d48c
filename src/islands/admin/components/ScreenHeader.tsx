import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';

interface Props {
  title: string;
  children?: ReactNode;
}

/**
 * The heading of a view. Each time the view is shown (a route change, or a kept view coming
 * back), focus moves to it so screen-reader and keyboard users start at the new content.
 */
export function ScreenHeader({ title, children }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · SBSA 관리자`;
    heading.current?.focus({ preventScroll: false });
  }, [title]);
  return (
    <header className="screen-header">
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {children ? <div className="screen-actions">{children}</div> : null}
    </header>
  );
}
