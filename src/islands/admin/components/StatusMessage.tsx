import type { ReactNode } from 'react';

interface Props {
  kind?: 'error' | 'info' | 'success';
  children: ReactNode;
}

/** A message announced to screen readers: errors assertively, the rest politely. */
export function StatusMessage({ kind = 'info', children }: Props) {
  return (
    <p className={`status status-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
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
