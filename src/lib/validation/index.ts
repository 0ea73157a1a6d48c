export { josa, pickJosa, type JosaPair } from './josa.ts';
export { label, labelOf } from './label.ts';
export { trimmed } from './trimmed.ts';
export { createKoErrorMap, koErrorMap, type KoErrorMapOptions } from './ko-error-map.ts';
export { installKoreanErrors } from './install-ko.ts';
export { toFieldErrors, type FieldErrors } from './format-errors.ts';
export { text, multilineText, hiddenTextFormats } from './text.ts';
