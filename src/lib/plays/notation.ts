/**
 * Retrosheet event notation (https://www.retrosheet.org/eventfile.htm), the wire form of a play:
 * `basic/modifiers.advances`, e.g. `S8/L.2-H;1-3`, `64(1)3/GDP`, `K+SB2`, `CS2(26)`. This module
 * only reads the text; what a play does to the game is game-state.ts's to say.
 */

export type Base = 0 | 1 | 2 | 3; // 0: the batter
export type Dest = 1 | 2 | 3 | 4; // 4: home

/** What the basic play is. */
export type PlayKind =
  | 'single'
  | 'double'
  | 'groundRuleDouble'
  | 'triple'
  | 'homeRun'
  | 'out'
  | 'strikeout'
  | 'walk'
  | 'intentionalWalk'
  | 'hitByPitch'
  | 'error'
  | 'fieldersChoice'
  | 'interference'
  | 'foulError'
  | 'stolenBase'
  | 'caughtStealing'
  | 'pickoff'
  | 'pickoffCaughtStealing'
  | 'wildPitch'
  | 'passedBall'
  | 'balk'
  | 'defensiveIndifference'
  | 'otherAdvance'
  | 'noPlay';

/** Plays that end the batter's plate appearance. */
export const BATTER_PLAYS: ReadonlySet<PlayKind> = new Set<PlayKind>([
  'single',
  'double',
  'groundRuleDouble',
  'triple',
  'homeRun',
  'out',
  'strikeout',
  'walk',
  'intentionalWalk',
  'hitByPitch',
  'error',
  'fieldersChoice',
  'interference',
]);

/** A runner's move written after the dot: `1-3`, `2XH(92)`, `B-1(E3)(UR)`. */
export interface Advance {
  /** as written, to write it again */
  raw: string;
  from: Base;
  to: Dest;
  /** `X`: put out on the way (unless an error in the throws let him go on) */
  out: boolean;
  /** the fielders of an out, e.g. '92'; of a safe advance on an error, e.g. 'E5' */
  fielders: string;
  /** fielding positions charged with an error on this advance */
  errors: number[];
  /** (UR) unearned, (TUR) unearned for the team only, (NR)/(NORBI) no RBI, (RBI) an RBI */
  unearned: boolean;
  teamUnearned: boolean;
  noRbi: boolean;
  rbi: boolean;
}

/** An out the basic play makes, with the fielders who touched the ball. */
export interface PlayOut {
  runner: Base;
  fielders: string;
}

export interface Play {
  text: string;
  /** the text before the advances: the basic play and its modifiers */
  head: string;
  kind: PlayKind;
  /** hit location or the fielder of a hit (S7 → 7), of an error (E6 → 6), of a fielder's choice */
  fielder: number | null;
  /** where the ball went, as written: the hit's digits (D78 → '78') or a location modifier ('9S') */
  location: string;
  /** outs written in the basic play */
  outs: PlayOut[];
  /** positions charged with errors in the basic play (E6, 6E3 on the throw, POCS2(1E4)) */
  errors: number[];
  /** the runner a stolen base, caught stealing or pickoff is about, and the base he went for */
  steals: { from: Base; to: Dest; out: boolean; fielders: string; errors: number[] }[];
  /** the runner's part of a K or walk (`K+SB2`, `W+WP`) */
  also: Play | null;
  modifiers: string[];
  advances: Advance[];
}

export class NotationError extends Error {}

const fail = (text: string, why: string): never => {
  throw new NotationError(`'${text}': ${why}`);
};

const baseOf = (c: string): Base | null =>
  c === 'B' ? 0 : c === '1' ? 1 : c === '2' ? 2 : c === '3' ? 3 : null;
const destOf = (c: string): Dest | null =>
  c === '1' ? 1 : c === '2' ? 2 : c === '3' ? 3 : c === 'H' ? 4 : null;
const errorsIn = (s: string) => [...s.matchAll(/E([1-9])/g)].map((m) => Number(m[1]));

/** Reads one event (the sixth field of a `play` record). */
export function parsePlay(text: string): Play {
  const trimmed = text.trim();
  if (!trimmed) fail(text, '플레이가 비어 있습니다');
  // the dot that starts the advances comes after the last modifier, never inside parentheses
  let depth = 0;
  let dot = -1;
  for (let i = 0; i < trimmed.length; i++) {
    const c = trimmed[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '.' && depth === 0) {
      dot = i;
      break;
    }
  }
  const head = dot < 0 ? trimmed : trimmed.slice(0, dot);
  const advances = dot < 0 ? [] : parseAdvances(trimmed, trimmed.slice(dot + 1));
  const [basic, ...modifiers] = splitModifiers(head);
  const play = parseBasic(trimmed, basic);
  play.head = head;
  play.modifiers = modifiers.map((m) => m.replace(/[#!?+-]+$/, '')).filter(Boolean);
  play.advances = advances;
  for (const mod of play.modifiers) {
    if (play.location) break;
    play.location = /^(?:BG|BP|BL|FL|G|L|F|P)?([1-9]{1,2})/.exec(mod)?.[1] ?? '';
  }
  return play;
}

/** Splits `64(1)3/GDP/G6` at slashes outside parentheses. */
function splitModifiers(head: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < head.length; i++) {
    const c = head[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '/' && depth === 0) {
      parts.push(head.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(head.slice(start));
  return parts;
}

function parseAdvances(text: string, s: string): Advance[] {
  return s.split(';').map((a) => {
    const m = /^([B123])([-X])([123H])((?:\([^)]*\))*)[#!?]*$/.exec(a.trim());
    if (!m) return fail(text, `주자 진루 '${a}'를 읽을 수 없습니다`);
    const from = baseOf(m[1])!;
    const to = destOf(m[3])!;
    if (to <= from) fail(text, `주자 진루 '${a}'가 뒤로 갑니다`);
    const groups = [...m[4].matchAll(/\(([^)]*)\)/g)].map((g) => g[1]);
    const flag = (...names: string[]) => groups.some((g) => names.includes(g));
    const throws = groups.filter(
      (g) => /^[1-9]*(E[1-9])?[1-9]*(\/TH[123H]?)?$/.test(g) && g !== '',
    );
    const errors = throws.flatMap(errorsIn);
    return {
      raw: a.trim(),
      from,
      to,
      // an X with an error in its throws is a runner who was safe after all
      out: m[2] === 'X' && errors.length === 0,
      fielders: throws.join(''),
      errors,
      unearned: flag('UR'),
      teamUnearned: flag('TUR'),
      noRbi: flag('NR', 'NORBI'),
      rbi: flag('RBI'),
    };
  });
}

const empty = (text: string, kind: PlayKind): Play => ({
  text,
  head: text,
  kind,
  fielder: null,
  location: '',
  outs: [],
  errors: [],
  steals: [],
  also: null,
  modifiers: [],
  advances: [],
});

/** The basic plays other than fielded outs: a pattern and what it makes of its match. */
const BASIC_PLAYS: [
  RegExp,
  (m: RegExpExecArray, p: (kind: PlayKind) => Play, text: string) => Play,
][] = [
  // hits: S7, D78 (a location), T9; DGR; H or HR (HR9, H7: inside the park)
  [
    /^([SDT])([1-9]*)$/,
    (m, p) => ({
      ...p(m[1] === 'S' ? 'single' : m[1] === 'D' ? 'double' : 'triple'),
      fielder: m[2] ? Number(m[2][0]) : null,
      location: m[2],
    }),
  ],
  [/^DGR$/, (_, p) => p('groundRuleDouble')],
  [
    /^HR?([1-9]*)$/,
    (m, p) => ({ ...p('homeRun'), fielder: m[1] ? Number(m[1][0]) : null, location: m[1] }),
  ],
  // strikeouts and walks, with a runner's part after '+': K+SB2, W+WP, K23 (dropped third strike)
  [
    /^(K|W|IW|I)([1-9]*)(?:\+(.+))?$/,
    (m, p, text) => {
      const play = p(m[1] === 'K' ? 'strikeout' : m[1] === 'W' ? 'walk' : 'intentionalWalk');
      if (m[1] === 'K' && m[2]) play.outs = [{ runner: 0, fielders: m[2] }];
      if (m[3]) {
        const also = parseBasic(text, m[3]);
        if (BATTER_PLAYS.has(also.kind)) fail(text, "'+' 뒤에는 주자 플레이만 올 수 있습니다");
        play.also = also;
      }
      return play;
    },
  ],
  [/^HP$/, (_, p) => p('hitByPitch')],
  [/^C(?:\/?E([1-9]))?$/, (m, p) => ({ ...p('interference'), errors: [m[1] ? Number(m[1]) : 2] })],
  [/^E([1-9])$/, (m, p) => ({ ...p('error'), fielder: Number(m[1]), errors: [Number(m[1])] })],
  // an error on the throw of what would have been an out: 6E3, the batter safe
  [
    /^([1-9]+)E([1-9])$/,
    (m, p) => ({ ...p('error'), fielder: Number(m[1][0]), errors: [Number(m[2])] }),
  ],
  [/^FLE([1-9])$/, (m, p) => ({ ...p('foulError'), errors: [Number(m[1])] })],
  [/^FC([1-9]?)$/, (m, p) => ({ ...p('fieldersChoice'), fielder: m[1] ? Number(m[1]) : null })],
  [/^WP$/, (_, p) => p('wildPitch')],
  [/^PB$/, (_, p) => p('passedBall')],
  [/^BK$/, (_, p) => p('balk')],
  [/^DI$/, (_, p) => p('defensiveIndifference')],
  [/^OA$/, (_, p) => p('otherAdvance')],
  [/^NP$/, (_, p) => p('noPlay')],
  // stolen bases: SB2, SB3;SB2, SBH
  [
    /^SB[23H](?:;SB[23H])*$/,
    (m, p) => ({
      ...p('stolenBase'),
      steals: m[0].split(';').map((s) => {
        const to = destOf(s[2])!;
        return { from: (to - 1) as Base, to, out: false, fielders: '', errors: [] };
      }),
    }),
  ],
  // caught stealing CS2(24), CSH(12), CS2(2E4): safe on the error; pickoffs PO1(13), PO2(E1); POCS2(1361)
  [
    /^(CS|POCS|PO)([123H])\(([^)]*)\)$/,
    (m, p, text) => {
      const kind =
        m[1] === 'CS' ? 'caughtStealing' : m[1] === 'PO' ? 'pickoff' : 'pickoffCaughtStealing';
      const errors = errorsIn(m[3]);
      const play = { ...p(kind), errors };
      if (kind === 'pickoff') {
        const base = baseOf(m[2]);
        if (base === null || base === 0) fail(text, '견제사는 1·2·3루 주자에게만 있습니다');
        if (errors.length === 0) play.outs = [{ runner: base as Base, fielders: m[3] }];
        return play;
      }
      const to = destOf(m[2])!;
      if (to === 1) fail(text, '1루로는 도루할 수 없습니다');
      play.steals = [
        { from: (to - 1) as Base, to, out: errors.length === 0, fielders: m[3], errors },
      ];
      return play;
    },
  ],
];

function parseBasic(text: string, basic: string): Play {
  const bare = basic.replace(/[?#!]+$/, '');
  for (const [re, make] of BASIC_PLAYS) {
    const m = re.exec(bare);
    if (m) return make(m, (kind) => empty(text, kind), text);
  }
  return parseOuts(text, bare);
}

/** Fielded outs: `8`, `63`, `6(1)3`, `64(1)3`, `8(B)84(2)`, `1(B)16(2)63(1)`, `54(B)`, `E6` after a throw `6E3`. */
function parseOuts(text: string, basic: string): Play {
  if (!/^(?:[1-9]+(?:\([B123]\))?)+$/.test(basic))
    return fail(text, `'${basic}'는 알 수 없는 플레이입니다`);
  const play = empty(text, 'out');
  const parts = [...basic.matchAll(/([1-9]+)(?:\(([B123])\))?/g)];
  for (const [i, part] of parts.entries()) {
    const runner = part[2] ? baseOf(part[2]) : null;
    // the last group without a runner is the batter's out (63, 64(1)3); a lone 54(1) leaves him safe
    if (runner !== null) play.outs.push({ runner, fielders: part[1] });
    else if (i === parts.length - 1) play.outs.push({ runner: 0, fielders: part[1] });
    else fail(text, `'${part[0]}' 뒤에 아웃된 주자가 없습니다`);
  }
  play.fielder = Number(basic[0]);
  return play;
}

/** The batted-ball type a modifier names: G, L, F, P, BG, BP, BL, FL (foul). */
export function battedBall(play: Play): 'G' | 'L' | 'F' | 'P' | 'B' | null {
  for (const mod of play.modifiers) {
    if (/^(G|BG|GDP|GTP)/.test(mod) || mod === 'BG') return mod.startsWith('B') ? 'B' : 'G';
    if (/^(L|LDP|LTP)/.test(mod)) return 'L';
    if (/^(P|BP|FL|PDP)/.test(mod)) return 'P';
    if (/^(F|FDP)/.test(mod)) return 'F';
  }
  return null;
}

export const hasModifier = (play: Play, ...names: string[]) =>
  play.modifiers.some((m) => names.includes(m));
