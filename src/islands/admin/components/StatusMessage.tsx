import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';

interface Props {
  kind?: 'error' | 'info' | 'success';
  /**
   * Take the focus when shown: after a save closes its form, keyboard and screen-reader users land
   * on what happened instead of the top of the page. A new message needs a new element (`key`).
   */
  focus?: boolean;
  children: ReactNode;
}

/** A message announced to screen readers: errors assertively, the rest politely. */
export function StatusMessage({ kind = 'info', focus = false, children }: Props) {
  const ref = useRef<HTMLParagraphElement>(null);
  // Once per message: a kept view shown again (its effects run anew) focuses its heading instead.
  const focused = useRef(false);
  useEffect(() => {
    if (!focus || focused.current) return;
    focused.current = true;
    ref.current?.focus();
  }, [focus]);
  return (
    <p
      ref={ref}
      className={`status status-${kind}`}
      role={kind === 'error' ? 'alert' : 'status'}
      tabIndex={focus ? -1 : undefined}
    >
      {children}
    </p>
  );
}

/** Placeholder while a screen loads. */
export function Loading({ label = '불러오는 중…' }: { label?: string }) {
  return (
    <p className="loading" role="status" aria-live="polite">
      {label}
    </p>
  );
}
