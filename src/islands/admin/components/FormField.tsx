import { useId } from 'react';
import type { ReactNode } from 'react';

export interface ControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  'aria-required': boolean | undefined;
}

interface Props {
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
  /** renders the control with the id and ARIA attributes that tie it to the label and messages */
  children: (props: ControlProps) => ReactNode;
  /** a checkbox puts its label after the box */
  inline?: boolean;
  /** announce the message when it appears (a file refused after its button, with the focus elsewhere) */
  alert?: boolean;
}

/** A labelled control with its hint and its Korean validation message. */
export function FormField({ label, error, hint, required, children, inline, alert }: Props) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const control = children({
    id,
    'aria-invalid': !!error,
    'aria-describedby': describedBy,
    'aria-required': required || undefined,
  });
  return (
    <div className={`field${inline ? ' field-inline' : ''}${error ? ' field-invalid' : ''}`}>
      {inline ? control : null}
      <span className="label-row">
        <label htmlFor={id}>{label}</label>
        {/* Outside the label, so the field's name stays exactly its label; aria-required says it to screen readers. */}
        {required ? (
          <span className="required" aria-hidden="true">
            *
          </span>
        ) : null}
      </span>
      {inline ? null : control}
      {hint ? (
        <p className="hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={errorId} role={alert ? 'alert' : undefined}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
