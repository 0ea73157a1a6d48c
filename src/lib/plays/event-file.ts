/**
 * One game as a Retrosheet event file (https://www.retrosheet.org/eventfile.htm), the interchange
 * format the Chadwick tools read: `id`, `version`, `info`, `start`, `play`, `sub`, `com`, `radj`
 * and `data,er` records, one a line. Reading refuses with the line number and a Korean message;
 * writing gives a file that reads back to the same events.
 */
import type { DerivedBox, GameEvent } from './derive-box.ts';
import type { EventResult, LineupEntry, Side } from './game-state.ts';

export interface EventFile {
  id: string;
  info: [string, string][];
  lineup: LineupEntry[];
  /** the file's line of each lineup entry, for messages */
  lineupLines: number[];
  events: GameEvent[];
  /** the file's line of each event, for messages */
  lines: number[];
  names: Record<string, string>;
  /** `data,er`: earned runs the scorer charged each pitcher */
  earnedRuns: Record<string, number>;
}

export class EventFileError extends Error {
  readonly line: number;
  constructor(line: number, message: string) {
    super(`${line}번째 줄: ${message}`);
    this.line = line;
  }
}

/** Splits a record at commas outside double quotes. */
function fields(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (const c of line) {
    if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out;
}

const sideOf = (s: string, line: number): Side => {
  if (s === '0' || s === '1') return Number(s) as Side;
  throw new EventFileError(line, `팀 구분은 0(원정) 또는 1(홈)이어야 합니다: '${s}'`);
};

const intIn = (s: string, min: number, max: number, what: string, line: number): number => {
  const n = Number(s);
  if (!/^\d+$/.test(s) || n < min || n > max)
    throw new EventFileError(line, `${what}는 ${min}–${max} 사이의 숫자여야 합니다: '${s}'`);
  return n;
};

/** Reads one game's event file; a second `id` record is refused (one game a file). */
export function readEventFile(text: string): EventFile {
  const file: EventFile = {
    id: '',
    info: [],
    lineup: [],
    lineupLines: [],
    events: [],
    lines: [],
    names: {},
    earnedRuns: {},
  };
  const rows = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  let started = false;
  for (const [i, raw] of rows.entries()) {
    const line = i + 1;
    if (!raw.trim()) continue;
    const f = fields(raw.trim());
    const entry = (what: 'start' | 'sub'): LineupEntry => {
      if (f.length < 6) throw new EventFileError(line, `${what} 기록에는 여섯 칸이 필요합니다`);
      file.names[f[1]] = f[2];
      return {
        player: f[1],
        side: sideOf(f[3], line),
        slot: intIn(f[4], 0, 9, '타순', line),
        position: intIn(f[5], 1, 12, '수비 위치', line),
      };
    };
    switch (f[0]) {
      case 'id':
        if (file.id) throw new EventFileError(line, '한 파일에는 한 경기만 넣을 수 있습니다');
        file.id = f[1] ?? '';
        break;
      case 'version':
        break;
      case 'info':
        file.info.push([f[1] ?? '', f[2] ?? '']);
        break;
      case 'start':
        if (started)
          throw new EventFileError(line, '선발 명단(start)은 첫 플레이 앞에 있어야 합니다');
        file.lineup.push(entry('start'));
        file.lineupLines.push(line);
        break;
      case 'play': {
        started = true;
        if (f.length < 7) throw new EventFileError(line, 'play 기록에는 일곱 칸이 필요합니다');
        // a pitch-by-pitch placeholder before a substitution in the middle of a plate appearance
        if (f[6] === 'NP') break;
        file.events.push({ type: 'play', text: f[6], batter: f[3] });
        file.lines.push(line);
        break;
      }
      case 'sub':
        started = true;
        file.events.push({ type: 'sub', entry: entry('sub') });
        file.lines.push(line);
        break;
      case 'com':
        file.events.push({ type: 'comment', text: f.slice(1).join(',') });
        file.lines.push(line);
        break;
      case 'radj':
      case 'badj':
      case 'padj':
      case 'ladj':
        // the tiebreaker's runner is placed by the rules; the other adjustments are not used
        break;
      case 'data':
        if (f[1] === 'er') file.earnedRuns[f[2]] = intIn(f[3] ?? '', 0, 99, '자책점', line);
        break;
      default:
        throw new EventFileError(line, `알 수 없는 기록 '${f[0]}'입니다`);
    }
  }
  if (!file.id) throw new EventFileError(1, '파일이 id 기록으로 시작하지 않습니다');
  return file;
}

const quote = (s: string) => `"${s.replace(/"/g, "'")}"`;

/** Writes one game as an event file; `names` gives each player's name. */
export function writeEventFile(game: {
  id: string;
  info: [string, string][];
  lineup: LineupEntry[];
  events: readonly GameEvent[];
  /** the inning and half of each play, in order, for the `play` records */
  halves: { inning: number; half: Side; batter: string }[];
  names: Record<string, string>;
  earnedRuns: Record<string, number>;
  /** the tiebreaker's runner placed at the start of a half: before the event of this index */
  placed?: { before: number; side: Side; player: string }[];
}): string {
  const out = [`id,${game.id}`, 'version,2'];
  for (const [k, v] of game.info) out.push(`info,${k},${v.includes(',') ? quote(v) : v}`);
  const person = (e: LineupEntry) =>
    `${e.player},${quote(game.names[e.player] ?? e.player)},${e.side},${e.slot},${e.position}`;
  for (const e of game.lineup) out.push(`start,${person(e)}`);
  let play = 0;
  for (const [i, e] of game.events.entries()) {
    for (const p of game.placed ?? []) if (p.before === i) out.push(`radj,${p.player},2`);
    if (e.type === 'play') {
      const h = game.halves[play++];
      out.push(`play,${h.inning},${h.half},${h.batter},??,,${e.text}`);
    } else if (e.type === 'sub') out.push(`sub,${person(e.entry)}`);
    else out.push(`com,${quote(e.text)}`);
  }
  for (const [player, er] of Object.entries(game.earnedRuns)) out.push(`data,er,${player},${er}`);
  return `${out.join('\n')}\n`;
}

/**
 * A game's events as an event file: the `play` records get the inning, half and batter of the
 * replayed game, and a tiebreaker's runner placed at the start of a half gets its `radj` record.
 */
export function gameToEventFile(
  game: {
    id: string;
    info: [string, string][];
    lineup: LineupEntry[];
    events: readonly GameEvent[];
  },
  box: DerivedBox,
  names: Record<string, string>,
  earnedRuns: Record<string, number> = {},
): string {
  const halves: { inning: number; half: Side; batter: string }[] = [];
  const written = new Map<number, string>();
  const placed: { before: number; side: Side; player: string }[] = [];
  let last = '';
  for (const [i, r] of box.results.entries()) {
    if (!r) continue;
    const { before, result } = r;
    halves.push({ inning: before.inning, half: before.half, batter: result.batter ?? '' });
    written.set(i, explicitAdvances(result));
    const half = `${before.inning}:${before.half}`;
    const runner = before.bases[1];
    if (half !== last && before.outs === 0 && runner?.unearned && before.inning > 1)
      placed.push({ before: i, side: before.half, player: runner.player });
    last = half;
  }
  // the pitchers of record, as the scorer confirmed them (or the rules proposed them)
  const decided = (d: 'W' | 'L' | 'S') => box.pitching.flat().find((l) => l.decision === d)?.player;
  const info: [string, string][] = [
    ...game.info.filter(([k]) => !['wp', 'lp', 'save'].includes(k)),
    ['wp', decided('W') ?? ''],
    ['lp', decided('L') ?? ''],
    ['save', decided('S') ?? ''],
  ];
  const events = game.events.map((e, i) =>
    e.type === 'play' ? { ...e, text: written.get(i) ?? e.text } : e,
  );
  return writeEventFile({ ...game, info, events, halves, placed, names, earnedRuns });
}

/**
 * A play's text with every runner's move written out, and each run that is not earned marked (UR),
 * or (TUR) when it is earned for the pitcher only: the Chadwick tools, unlike the model, neither
 * move forced runners on a walk or hit batter nor score the runners of a home run by themselves,
 * and take a run as earned unless it is marked.
 */
function explicitAdvances(result: EventResult): string {
  const play = result.play!;
  const head = play.head;
  const byRunner = new Map(play.advances.map((a) => [a.from as number, a.raw]));
  const said = new Set<number>([
    ...play.outs.map((o) => o.runner),
    ...[play, ...(play.also ? [play.also] : [])].flatMap((p) => [
      ...p.steals.map((s) => s.from),
      ...p.outs.map((o) => o.runner),
    ]),
  ]);
  for (const m of result.moves) {
    if (byRunner.has(m.from) || said.has(m.from) || (m.from === 0 && m.to !== 4)) continue;
    // the batter's own base is the play's: only a run of his that is not earned is written
    if (m.from === 0) continue;
    const to = m.to === 4 || m.to === 0 ? 'H' : String(m.to);
    byRunner.set(m.from, `${m.from}${m.to === 0 ? 'X' : '-'}${to}`);
  }
  for (const run of result.runs) {
    const move = result.moves.find((m) => m.player === run.player && m.to === 4);
    if (!move || (run.earned && run.teamEarned)) continue;
    const flag = run.earned ? '(TUR)' : '(UR)';
    const from = move.from;
    const written = byRunner.get(from) ?? `${from === 0 ? 'B' : from}-H`;
    if (!written.includes('UR)')) byRunner.set(from, `${written}${flag}`);
  }
  if (byRunner.size === 0) return head;
  const order = [...byRunner.keys()].sort((x, y) => y - x);
  // the batter's advance goes last, as Retrosheet writes it
  const sorted = [...order.filter((b) => b !== 0), ...order.filter((b) => b === 0)];
  return `${head}.${sorted.map((b) => byRunner.get(b)).join(';')}`;
}
