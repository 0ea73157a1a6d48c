const FRACTIONS = ['', '⅓', '⅔'] as const;

/** Innings in scorebook style from outs: 20 → '6.2', 1 → '0.1', 21 → '7.0'. */
export function formatInnings(outs: number): string {
  if (!Number.isInteger(outs) || outs < 0) return '-';
  return `${Math.floor(outs / 3)}.${outs % 3}`;
}

/** Innings with thirds from outs: 20 → '6⅔', 19 → '6⅓', 21 → '7', 1 → '⅓', 0 → '0'. */
export function formatInningsFraction(outs: number): string {
  if (!Number.isInteger(outs) || outs < 0) return '-';
  const whole = Math.floor(outs / 3);
  const rest = FRACTIONS[outs % 3];
  return whole === 0 && rest ? rest : `${whole}${rest}`;
}

/** Outs from scorebook innings ('6.2' → 20, '7' → 21); null for '6.3' or anything malformed. */
export function parseInnings(text: string): number | null {
  const match = /^\s*(\d+)(?:\.([012]))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 3 + Number(match[2] ?? 0);
}

/** Innings as a number (outs / 3), for rate formulas. */
export function outsToInnings(outs: number): number {
  return outs / 3;
}
