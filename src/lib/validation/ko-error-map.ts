import type * as z from 'zod';
import { josa } from './josa.ts';
import { labelOf } from './label.ts';
import { hiddenTextFormats } from './text.ts';
import { formatBytes } from '../format-bytes.ts';

type RawIssue = z.core.$ZodRawIssue;

export interface KoErrorMapOptions {
  /** Labels by dotted path ('lines.0.ab') or by last key ('ab'), for schemas declared without `label()`. */
  fieldLabels?: Readonly<Record<string, string>>;
}

const seoulDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Seoul',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const koNumber = new Intl.NumberFormat('ko-KR', { maximumFractionDigits: 20 });

function formatDate(value: number | bigint): string {
  const parts = Object.fromEntries(
    seoulDay.formatToParts(Number(value)).map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Digits grouped by thousands from 10,000 up; years and other four-digit numbers stay as written (2000). */
function formatNumber(value: number | bigint): string {
  const n = Number(value);
  return Math.abs(n) < 10_000 ? String(n) : koNumber.format(value);
}

function isSchema(value: unknown): value is z.core.$ZodType {
  return (value as z.core.$ZodType | undefined)?._zod?.traits?.has('$ZodType') === true;
}

function findLabel(
  issue: RawIssue,
  fieldLabels: Readonly<Record<string, string>>,
): string | undefined {
  const own = labelOf(issue.schema) ?? (isSchema(issue.inst) ? labelOf(issue.inst) : undefined);
  if (own) return own;
  const path = (issue.path ?? []).map(String);
  if (path.length === 0) return undefined;
  const lastKey = [...(issue.path ?? [])].reverse().find((key) => typeof key === 'string');
  return fieldLabels[path.join('.')] ?? (lastKey === undefined ? undefined : fieldLabels[lastKey]);
}

// Empty form inputs arrive as '' and absent JSON fields as undefined; both mean "not entered".
function isBlank(input: unknown): boolean {
  return input === undefined || input === null || input === '';
}

/** Phrases of one message, with or without the field's label. */
function phrases(label: string | undefined) {
  return {
    /** '이름은 ' or '' */
    topic: label ? `${josa(label, '은/는')} ` : '',
    /** '이름의 ' or '' */
    of: label ? `${label}의 ` : '',
    /** '이름을' or '값을' */
    object: josa(label ?? '값', '을/를'),
    /** '이름을 ' or '': the object of a request that reads as well without it */
    request: label ? `${josa(label, '을/를')} ` : '',
  };
}

type SizeIssue =
  | z.core.$ZodRawIssue<z.core.$ZodIssueTooSmall>
  | z.core.$ZodRawIssue<z.core.$ZodIssueTooBig>;

function sizeMessage(issue: SizeIssue, label: string | undefined): string {
  const { topic, object, request } = phrases(label);
  const small = issue.code === 'too_small';
  const limit = issue.code === 'too_small' ? issue.minimum : issue.maximum;
  const inclusive = issue.inclusive !== false;
  switch (issue.origin) {
    case 'string':
      if (small && issue.input === '') return `${object} 입력해 주세요.`;
      if (issue.exact) return `${topic}정확히 ${formatNumber(limit)}자여야 합니다.`;
      return `${topic}${formatNumber(limit)}자 ${small ? '이상이어야' : '이하여야'} 합니다.`;
    case 'array':
    case 'set':
    case 'map':
      if (issue.exact) return `${request}정확히 ${formatNumber(limit)}개 선택해 주세요.`;
      return `${request}${formatNumber(limit)}개 ${small ? '이상' : '이하로'} 선택해 주세요.`;
    case 'file':
      return `${topic}크기가 ${formatBytes(limit)} ${small ? '이상이어야' : '이하여야'} 합니다.`;
    case 'date': {
      const day = formatDate(limit);
      if (inclusive) return `${topic}${day} ${small ? '이후여야' : '이전이어야'} 합니다.`;
      return `${topic}${day}보다 ${small ? '늦어야' : '빨라야'} 합니다.`;
    }
    default: {
      if (!inclusive && Number(limit) === 0)
        return `${topic}${small ? '양수여야' : '음수여야'} 합니다.`;
      const n = formatNumber(limit);
      if (!inclusive) return `${topic}${n}보다 ${small ? '커야' : '작아야'} 합니다.`;
      return `${topic}${n} ${small ? '이상이어야' : '이하여야'} 합니다.`;
    }
  }
}

// What a format is called when the field has no name of its own.
const FORMAT_NAMES: Readonly<Record<string, string>> = {
  email: '이메일 형식',
  url: 'URL 형식',
  uuid: 'UUID 형식',
  guid: 'UUID 형식',
  datetime: '날짜·시간 형식',
  e164: '전화번호 형식',
  ipv4: 'IPv4 주소 형식',
  ipv6: 'IPv6 주소 형식',
  jwt: '토큰 형식',
};

// Formats the user types by a pattern: the message shows the pattern instead.
const FORMAT_PATTERNS: Readonly<Record<string, string>> = { date: 'YYYY-MM-DD', time: 'HH:MM' };

function formatMessage(
  issue: z.core.$ZodRawIssue<z.core.$ZodIssueInvalidStringFormat>,
  label: string | undefined,
): string {
  const { topic, of, request } = phrases(label);
  const where = label ? `${label}에 ` : '';
  switch (issue.format) {
    case 'trimmed':
      return `${label ? `${label} ` : ''}앞뒤에 공백을 넣을 수 없습니다.`;
    case 'lowercase':
      return `${request}소문자로만 입력해 주세요.`;
    case 'uppercase':
      return `${request}대문자로만 입력해 주세요.`;
    case 'starts_with':
      return `${topic}${josa(`"${String(issue.prefix)}"`, '으로/로')} 시작해야 합니다.`;
    case 'ends_with':
      return `${topic}${josa(`"${String(issue.suffix)}"`, '으로/로')} 끝나야 합니다.`;
    case 'includes':
      return `${topic}${josa(`"${String(issue.includes)}"`, '을/를')} 포함해야 합니다.`;
    case hiddenTextFormats.control:
      return `${where}보이지 않는 제어 문자가 들어 있습니다. 지우고 다시 입력해 주세요.`;
    case hiddenTextFormats.bidi:
      return `${where}글자 방향을 바꾸는 보이지 않는 문자가 들어 있습니다. 지우고 다시 입력해 주세요.`;
    case hiddenTextFormats.zeroWidth:
      return `${where}폭이 없는 보이지 않는 문자가 들어 있습니다. 지우고 다시 입력해 주세요.`;
  }
  const pattern = FORMAT_PATTERNS[issue.format];
  if (pattern) return `${request}${pattern} 형식으로 입력해 주세요.`;
  const name = FORMAT_NAMES[issue.format];
  if (!label && name) return `${josa(name, '이/가')} 올바르지 않습니다.`;
  return `${of}형식이 올바르지 않습니다.`;
}

function typeMessage(
  issue: z.core.$ZodRawIssue<z.core.$ZodIssueInvalidType>,
  label: string | undefined,
): string {
  const { topic, of, object } = phrases(label);
  if (
    issue.expected === 'nonoptional' ||
    (issue.expected !== 'undefined' && issue.expected !== 'null' && isBlank(issue.input))
  ) {
    return `${object} 입력해 주세요.`;
  }
  switch (issue.expected) {
    case 'number':
      return `${topic}숫자여야 합니다.`;
    case 'int':
    case 'bigint':
      return `${topic}정수여야 합니다.`;
    case 'string':
      return `${topic}문자열이어야 합니다.`;
    case 'date':
      return `${topic}올바른 날짜가 아닙니다.`;
    case 'array':
    case 'set':
    case 'tuple':
      return `${topic}목록이어야 합니다.`;
    default:
      return `${of}값이 올바르지 않습니다.`;
  }
}

/** A zod error map with Korean messages naming the field, for `z.config({ customError })` or `{ error }` on one parse. */
export function createKoErrorMap(options: KoErrorMapOptions = {}): z.core.$ZodErrorMap {
  const fieldLabels = options.fieldLabels ?? {};
  return (issue) => {
    const label = findLabel(issue, fieldLabels);
    const { topic, of, object } = phrases(label);
    switch (issue.code) {
      case 'invalid_type':
        return typeMessage(issue, label);
      case 'too_small':
      case 'too_big':
        return sizeMessage(issue, label);
      case 'invalid_format':
        return formatMessage(issue, label);
      case 'not_multiple_of':
        return `${topic}${formatNumber(issue.divisor)}의 배수여야 합니다.`;
      case 'invalid_value':
        if (isBlank(issue.input)) return `${object} 선택해 주세요.`;
        return `${of}값이 올바르지 않습니다.`;
      case 'unrecognized_keys':
        return `${label ? `${label}에 ` : ''}알 수 없는 항목이 있습니다: ${issue.keys.join(', ')}`;
      case 'invalid_union':
        if (isBlank(issue.input)) return `${object} 입력해 주세요.`;
        return `${of}값이 올바르지 않습니다.`;
      case 'invalid_key':
      case 'invalid_element':
        return `${of}항목이 올바르지 않습니다.`;
      default:
        return `${of}값이 올바르지 않습니다.`;
    }
  };
}

/** The Korean error map without path-based labels. */
export const koErrorMap: z.core.$ZodErrorMap = createKoErrorMap();
