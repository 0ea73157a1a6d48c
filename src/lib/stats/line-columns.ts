/**
 * The counts of one game's batting line in the order Korean box scores print them (KBO: 타수 안타
 * 타점 득점 first). The record grid, the public box score, the game log and their CSV all follow
 * this one list; a table that leaves a count out keeps the others in this order.
 */
export const BATTING_LINE = [
  'ab',
  'h',
  'rbi',
  'r',
  'pa',
  'b2',
  'b3',
  'hr',
  'bb',
  'hbp',
  'so',
  'sb',
  'cs',
  'sh',
  'sf',
  'e',
  'gidp',
] as const;
export type BattingLineKey = (typeof BATTING_LINE)[number];

/** The figures of one game's pitching line in box-score order: 이닝 피안타 실점 자책 first. */
export const PITCHING_LINE = ['outs', 'h', 'r', 'er', 'bb', 'so', 'bf', 'hbp', 'hr', 'wp'] as const;
export type PitchingLineKey = (typeof PITCHING_LINE)[number];
