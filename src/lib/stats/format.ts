/** Baseball-style 3-decimal rate: .333, 1.000, .000; '-' when missing. */
export function formatRate(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '-';
  if (!Number.isFinite(value)) return value > 0 ? '∞' : '-∞';
  const fixed = value.toFixed(3);
  if (fixed.startsWith('0.')) return fixed.slice(1);
  if (fixed.startsWith('-0.')) return fixed === '-0.000' ? '.000' : `-${fixed.slice(2)}`;
  return fixed;
}

/** Winning percentage, written like a rate (.667). */
export function formatPct(value: number | null | undefined): string {
  return formatRate(value);
}

/** ERA with 2 decimals (2.33); '-' when missing, '∞' when earned runs came without an out. */
export function formatEra(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '-';
  if (!Number.isFinite(value)) return value > 0 ? '∞' : '-∞';
  return value.toFixed(2);
}

/** WHIP with 2 decimals (1.25), same rules as ERA. */
export function formatWhip(value: number | null | undefined): string {
  return formatEra(value);
}

/** Games behind with one decimal (1.5, 2.0); '-' for the leader. */
export function formatGamesBehind(gb: number | null | undefined): string {
  if (gb === null || gb === undefined || Number.isNaN(gb) || gb === 0) return '-';
  return gb.toFixed(1);
}
