import { useEffect, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { ControlProps } from './FormField.tsx';
import { josa } from '../../../lib/validation/index.ts';

interface Props {
  control: ControlProps;
  registered: UseFormRegisterReturn;
  /** the files chosen in the field (react-hook-form keeps a FileList) */
  chosen: unknown;
  /** the picture saved now, shown until another file is chosen */
  current: string | null;
  /** what the picture shows, for its text alternative ('로고') */
  caption: string;
}

const firstFile = (value: unknown): File | null =>
  typeof FileList !== 'undefined' && value instanceof FileList ? (value[0] ?? null) : null;

/** A picture chosen from the computer with its preview; it is uploaded when the form is saved. */
export function ImageFileInput({ control, registered, chosen, current, caption }: Props) {
  const file = firstFile(chosen);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const shown = preview ?? current;
  return (
    <div className="image-file">
      <input
        {...control}
        {...registered}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
      />
      {shown ? (
        <img
          src={shown}
          alt={preview ? `새 ${caption} 미리보기` : `지금 ${caption}`}
          width={96}
          height={96}
        />
      ) : (
        <p className="hint">등록된 {josa(caption, '이/가')} 없습니다.</p>
      )}
    </div>
  );
}
