import type { Ref } from 'react';
import { FormField } from './FormField.tsx';

/** What the server's sheet reader takes: xlsx (first sheet) or csv. */
const SHEET_TYPES =
  '.xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface Props {
  label: string;
  error: string | null;
  /** to clear the chosen file after an import */
  inputRef: Ref<HTMLInputElement>;
  onChoose: (file: File | null) => void;
}

/** A labelled spreadsheet file field with its Korean message, for the screens that import a sheet. */
export function SheetFileField({ label, error, inputRef, onChoose }: Props) {
  return (
    <FormField label={label} error={error ?? undefined}>
      {(field) => (
        <input
          {...field}
          ref={inputRef}
          type="file"
          accept={SHEET_TYPES}
          onChange={(e) => onChoose(e.target.files?.[0] ?? null)}
        />
      )}
    </FormField>
  );
}
