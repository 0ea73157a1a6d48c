import * as z from 'zod';

/*
 * Characters no free-text field takes: they are invisible, and they let a name look like another
 * (a zero-width space inside "홍길동"), reverse how the rest of a line reads (U+202E), or break
 * storage and exports (NUL). The Korean error map names each kind (`hiddenTextFormats`).
 */
// C0 and C1 controls; tab and line breaks are allowed in multi-line text
const CONTROL_IN_LINE = /^[^\u0000-\u001f\u007f-\u009f]*$/;
const CONTROL_IN_TEXT = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]*$/;
// direction marks, embeddings, overrides and isolates
const BIDI = /^[^\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]*$/;
// zero-width space, non-joiner, joiner, word joiner, zero-width no-break space (BOM)
const ZERO_WIDTH = /^[^\u200b-\u200d\u2060\ufeff]*$/;

/** The `format` of each refusal, as the error map sees it. */
export const hiddenTextFormats = {
  control: 'no_control_chars',
  bidi: 'no_bidi_controls',
  zeroWidth: 'no_zero_width_chars',
} as const;

const refuse = (format: string, pattern: RegExp) =>
  new z.core.$ZodCheckStringFormat({ check: 'string_format', format, pattern });

/**
 * A one-line free-text field (names, titles, places, search words): trimmed, normalised to NFC,
 * refused when it carries control, direction-control or zero-width characters. Every free-text
 * field of the API and the console is built from this or `multilineText`.
 */
export function text() {
  return z
    .string()
    .trim()
    .normalize('NFC')
    .check(
      refuse(hiddenTextFormats.control, CONTROL_IN_LINE),
      refuse(hiddenTextFormats.bidi, BIDI),
      refuse(hiddenTextFormats.zeroWidth, ZERO_WIDTH),
    );
}

/** Text of several lines (a notice's Markdown): as `text`, but line breaks and tabs are kept. */
export function multilineText() {
  return z
    .string()
    .normalize('NFC')
    .check(
      refuse(hiddenTextFormats.control, CONTROL_IN_TEXT),
      refuse(hiddenTextFormats.bidi, BIDI),
      refuse(hiddenTextFormats.zeroWidth, ZERO_WIDTH),
    );
}
