import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/use-api-data.ts';

interface Props {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel?: string;
  /** the button that closes without acting ('취소' unless the action itself is a cancelling) */
  dismissLabel?: string;
  /** the confirm button's look: 'danger' (red, the default) or 'primary' for a harmless step */
  tone?: 'danger' | 'primary';
  /** the action; when it fails, the dialog stays open with the server's reason (e.g. a 409) */
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

/** A modal confirmation (native <dialog>: focus is trapped and Escape cancels); focus returns to where it was. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel = '삭제',
  dismissLabel = '취소',
  tone = 'danger',
  onConfirm,
  onClose,
}: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const opener = useRef<Element | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) {
      opener.current = document.activeElement;
      setError(null);
      d.showModal();
      cancel.current?.focus();
    } else if (!open && d.open) {
      d.close();
      (opener.current as HTMLElement | null)?.focus?.();
    }
  }, [open]);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      <div className="confirm-body">{children}</div>
      {error ? (
        <p className="status status-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="dialog-actions">
        <button type="button" ref={cancel} onClick={onClose} disabled={busy}>
          {dismissLabel}
        </button>
        <button type="button" className={tone} onClick={confirm} disabled={busy}>
          {busy ? '처리 중…' : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
