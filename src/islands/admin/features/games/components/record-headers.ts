import { BATTING, BATTING_EVENTS, PITCHING } from './record-columns.ts';
import type { Kind } from './record-values.ts';

/**
 * Words a copied sheet's header row may use for a grid column: the grid's own labels, the usual
 * Korean ones and the English abbreviations of box scores. 'backNumber' and 'battingOrder' are
 * read with the player and the 교체 mark; they have no cell of their own.
 */
const WORDS: Record<Kind, Record<string, readonly string[]>> = {
  batting: {
    player: ['선수', '선수명', '이름', '성명', '타자', '타자명', 'name', 'player', 'batter'],
    backNumber: ['번호', '등번호', '배번', 'no', '#', 'num', 'number'],
    battingOrder: ['타순', 'order', 'bo'],
    sub: ['교체'],
    position: ['위치', '수비', '수비위치', '포지션', 'pos', 'position'],
    pa: ['pa', 'tpa'],
    ab: ['ab'],
    r: ['r', 'run', 'runs'],
    h: ['h', 'hit', 'hits'],
    b2: ['2b'],
    b3: ['3b'],
    hr: ['hr'],
    rbi: ['rbi'],
    bb: ['4구', 'bb', 'walk', 'walks'],
    hbp: ['몸에맞는공', 'hbp', 'hp'],
    so: ['so', 'k'],
    sb: ['sb'],
    cs: ['도실', 'cs'],
    sh: ['희타', '희번', 'sh', 'sac'],
    sf: ['희비', '희플', 'sf'],
    e: ['e', 'err', 'error', 'errors'],
    gidp: ['병살', 'gidp', 'gdp'],
    gwrbi: ['gwrbi', 'gw'],
  },
  pitching: {
    player: ['투수', '투수명', '선수', '선수명', '이름', '성명', 'name', 'player', 'pitcher'],
    backNumber: ['번호', '등번호', '배번', 'no', '#', 'num', 'number'],
    ip: ['투구이닝', 'ip', 'inn', 'inning', 'innings'],
    bf: ['타자', '타자수', '상대타자수', 'bf', 'tbf'],
    h: ['안타', 'h'],
    r: ['r'],
    er: ['자책점', 'er'],
    bb: ['4구', 'bb'],
    hbp: ['몸에맞는공', 'hbp', 'hb'],
    so: ['삼진', 'so', 'k'],
    hr: ['홈런', 'hr'],
    wp: ['wp'],
    decision: ['승패', 'dec', 'decision', 'w/l'],
  },
};

/** A header cell as compared: no spaces, dots or brackets, lower case ('No.' → 'no'). */
const plain = (text: string) => text.replace(/[\s.()[\]]/g, '').toLowerCase();

const GRID_LABELS: Record<Kind, ReadonlyArray<readonly [string, string]>> = {
  batting: [...BATTING, ...BATTING_EVENTS],
  pitching: [['ip', '이닝'], ...PITCHING, ['decision', '결과']],
};

const LOOKUP: Record<Kind, Map<string, string>> = {
  batting: lookup('batting'),
  pitching: lookup('pitching'),
};

function lookup(kind: Kind): Map<string, string> {
  const map = new Map<string, string>();
  for (const [key, label] of GRID_LABELS[kind]) map.set(plain(label), key);
  for (const [key, words] of Object.entries(WORDS[kind]))
    for (const word of words) map.set(plain(word), key);
  return map;
}

/** The grid column a header cell names, or null. */
export function columnOfHeader(kind: Kind, text: string): string | null {
  return LOOKUP[kind].get(plain(text)) ?? null;
}

/**
 * Whether a pasted line is a header row: at least two of its cells name columns and none is a
 * figure, so a line of a player's figures is never taken for one.
 */
export function isHeaderRow(kind: Kind, cells: readonly string[]): boolean {
  if (cells.some((c) => /^\d+(?:[.,]\d+)?$/.test(c.trim()))) return false;
  return cells.filter((c) => columnOfHeader(kind, c) !== null).length >= 2;
}
