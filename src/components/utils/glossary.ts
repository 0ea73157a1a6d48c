/**
 * The words of the public site for figures: one label per figure, with the full name where the label
 * is short, so every page says 평균자책점 (never 평균자책 or 경기 평균자책) and the same short forms.
 * Number formats live in src/lib/stats (formatRate, formatEra, formatInnings): terms here, digits there.
 */
export const TERMS = {
  games: { label: '경기' },
  pa: { label: '타석' },
  ab: { label: '타수' },
  r: { label: '득점' },
  h: { label: '안타' },
  b2: { label: '2루타' },
  b3: { label: '3루타' },
  hr: { label: '홈런' },
  tb: { label: '루타' },
  rbi: { label: '타점' },
  bb: { label: '볼넷' },
  hbp: { label: '사구', full: '몸에 맞는 공' },
  so: { label: '삼진' },
  sb: { label: '도루' },
  cs: { label: '도실', full: '도루 실패' },
  sh: { label: '희타', full: '희생 번트' },
  sf: { label: '희비', full: '희생 플라이' },
  e: { label: '실책' },
  gidp: { label: '병살타', full: '땅볼 병살타' },
  avg: { label: '타율' },
  obp: { label: '출루율' },
  slg: { label: '장타율' },
  ops: { label: 'OPS', full: '출루율 + 장타율' },
  w: { label: '승' },
  l: { label: '패' },
  sv: { label: '세', full: '세이브' },
  hld: { label: '홀드' },
  ip: { label: '이닝' },
  bf: { label: '타자', full: '상대 타자' },
  ha: { label: '피안타' },
  hra: { label: '피홈런' },
  k: { label: '탈삼진' },
  wp: { label: '폭투' },
  ra: { label: '실점' },
  er: { label: '자책', full: '자책점' },
  era: { label: '평균자책점' },
  whip: { label: 'WHIP', full: '이닝당 출루 허용' },
  seasonAvg: { label: '시즌 타율' },
  seasonEra: { label: '시즌 평균자책점' },
  winningHit: { label: '결승타' },
} as const satisfies Record<string, { label: string; full?: string }>;

export type Term = keyof typeof TERMS;

/** A numeric column headed by a term (its full name as the abbreviation's title). */
export function termColumn(term: Term): { label: string; abbr?: string; numeric: true } {
  const t: { label: string; full?: string } = TERMS[term];
  return t.full
    ? { label: t.label, abbr: t.full, numeric: true }
    : { label: t.label, numeric: true };
}
