import '../lib/korean-zod.ts';
import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import type { FieldValues, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod';
import { FormField } from './FormField.tsx';
import { ImageFileInput } from './ImageFileInput.tsx';
import { API_ERROR_KEY, applyServerErrors } from '../lib/apply-server-errors.ts';

export interface FieldSpec {
  name: string;
  label: string;
  kind:
    | 'text'
    | 'email'
    | 'password'
    | 'number'
    | 'date'
    | 'time'
    | 'textarea'
    | 'checkbox'
    | 'select'
    | 'image';
  /** choices of a select; numeric values come back as numbers */
  options?: ReadonlyArray<{ value: string | number; label: string }>;
  /** an empty input means null (optional field) rather than "not entered" */
  nullable?: boolean;
  required?: boolean;
  hint?: string;
  autoComplete?: string;
  /** an image field: the form value holding the picture saved now, shown until a file is chosen */
  previewOf?: string;
}

interface Props {
  /** heading of the form, e.g. '새 팀 추가' */
  title: string;
  schema: z.ZodType;
  fields: readonly FieldSpec[];
  defaultValues: Record<string, unknown>;
  submitLabel?: string;
  onSubmit: (values: Record<string, unknown>) => Promise<void>;
  onCancel?: () => void;
}

function valueAs(spec: FieldSpec) {
  return (raw: unknown) => {
    if (spec.kind === 'checkbox' || spec.kind === 'image') return raw;
    const text = typeof raw === 'string' ? raw : raw == null ? '' : String(raw);
    if (text === '')
      return spec.nullable
        ? null
        : spec.kind === 'number' ||
            (spec.kind === 'select' && typeof spec.options?.[0]?.value === 'number')
          ? undefined
          : '';
    if (spec.kind === 'number') return Number(text);
    if (spec.kind === 'select' && spec.options?.some((o) => typeof o.value === 'number'))
      return Number(text);
    return text;
  };
}

/** A create/edit form built from field specs, validated by the shared zod schema with Korean messages. */
export function EntityForm({
  title,
  schema,
  fields,
  defaultValues,
  submitLabel = '저장',
  onSubmit,
  onCancel,
}: Props) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useForm<FieldValues>({
    resolver: zodResolver(schema as never) as unknown as Resolver<FieldValues>,
    defaultValues,
  });
  const { register, handleSubmit, formState, setError, watch } = form;

  useEffect(() => heading.current?.focus(), []);

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      applyServerErrors(
        error,
        setError,
        fields.map((f) => f.name),
      );
    }
  });

  const errorOf = (name: string) => {
    const entry = name
      .split('.')
      .reduce<unknown>(
        (node, key) => (node as Record<string, unknown> | undefined)?.[key],
        formState.errors,
      );
    return (entry as { message?: string } | undefined)?.message;
  };
  const apiError = (formState.errors as Record<string, { message?: string }>)[API_ERROR_KEY]
    ?.message;

  return (
    <form className="entity-form" aria-labelledby={headingId} onSubmit={submit} noValidate>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {title}
      </h2>
      <div className="form-grid">
        {fields.map((spec) => (
          <FormField
            key={spec.name}
            label={spec.label}
            error={errorOf(spec.name)}
            hint={spec.hint}
            required={spec.required}
            inline={spec.kind === 'checkbox'}
          >
            {(control) => {
              const registered = register(
                spec.name,
                spec.kind === 'checkbox' ? {} : { setValueAs: valueAs(spec) },
              );
              if (spec.kind === 'image')
                return (
                  <ImageFileInput
                    control={control}
                    registered={registered}
                    chosen={watch(spec.name)}
                    current={
                      spec.previewOf ? ((watch(spec.previewOf) as string | null) ?? null) : null
                    }
                    caption={spec.label.replace(/ 이미지$/, '')}
                  />
                );
              if (spec.kind === 'textarea')
                return <textarea {...control} {...registered} rows={4} />;
              if (spec.kind === 'checkbox')
                return <input type="checkbox" {...control} {...registered} />;
              if (spec.kind === 'select') {
                return (
                  <select {...control} {...registered}>
                    <option value="">선택 안 함</option>
                    {spec.options?.map((o) => (
                      <option key={String(o.value)} value={String(o.value)}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                );
              }
              const type = spec.kind === 'number' ? 'text' : spec.kind;
              return (
                <input
                  {...control}
                  {...registered}
                  type={type}
                  inputMode={spec.kind === 'number' ? 'numeric' : undefined}
                  autoComplete={spec.autoComplete ?? 'off'}
                />
              );
            }}
          </FormField>
        ))}
      </div>
      {apiError ? (
        <p className="status status-error" role="alert">
          {apiError}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? '저장 중…' : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" onClick={onCancel}>
            취소
          </button>
        ) : null}
      </div>
    </form>
  );
}
