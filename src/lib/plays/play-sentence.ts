/**
 * The Korean sentence of a play, as a fan reads it in 문자중계:
 * `3회말 1사 1루 · 김민서 좌중간 2루타, 1루 주자 이서연 홈인 (2:1)`.
 */
import { BATTER_PLAYS, battedBall, hasModifier } from './notation.ts';
import type { Play } from './notation.ts';
import { BASE_NAMES as BASE, POSITION_NAMES as FIELDER } from './game-state.ts';
import type { EventResult, GameState } from './game-state.ts';

/** `3회말 1사 1루`: the inning, outs and runners before the play. */
export function situation(state: GameState): string {
  const half = `${state.inning}회${state.half === 0 ? '초' : '말'}`;
  const outs = state.outs === 0 ? '무사' : `${state.outs}사`;
  const on = [1, 2, 3].filter((b) => state.bases[b - 1]);
  const bases =
    on.length === 0
      ? '주자 없음'
      : on.length === 3
        ? '만루'
        : on.map((b) => `${b}`).join('·') + '루';
  return `${half} ${outs} ${bases}`;
}

/** Where a hit went: 좌전, 중전, 우전, 좌중간…; '' when not written. */
function hitPlace(play: Play, kind: 'single' | 'long' | 'homeRun'): string {
  const loc = play.location;
  if (loc.startsWith('78')) return kind === 'homeRun' ? '좌중월' : '좌중간';
  if (loc.startsWith('89')) return kind === 'homeRun' ? '우중월' : '우중간';
  const d = Number(loc[0]);
  if (d >= 7) {
    const side = ['좌', '중', '우'][d - 7];
    if (kind === 'single') return `${side}전`;
    if (kind === 'homeRun') return `${side}월`;
    return `${FIELDER[d]} 쪽`;
  }
  return d >= 1 ? FIELDER[d] : '';
}

/** What the batter did, without his name. */
function batterPart(play: Play, reached: boolean): string {
  const fielder = FIELDER[play.fielder ?? Number(play.outs[0]?.fielders[0] ?? 0)] ?? '';
  const withPlace = (place: string, what: string) => (place ? `${place} ${what}` : what);
  switch (play.kind) {
    case 'single':
      return play.fielder && play.fielder <= 6
        ? `${FIELDER[play.fielder]} 내야안타`
        : withPlace(hitPlace(play, 'single'), '안타');
    case 'double':
      return withPlace(hitPlace(play, 'long'), '2루타');
    case 'groundRuleDouble':
      return '인정 2루타';
    case 'triple':
      return withPlace(hitPlace(play, 'long'), '3루타');
    case 'homeRun':
      return withPlace(hitPlace(play, 'homeRun'), '홈런');
    case 'strikeout':
      return reached ? '삼진, 스트라이크 낫 아웃으로 출루' : '삼진';
    case 'walk':
      return '볼넷';
    case 'intentionalWalk':
      return '고의4구';
    case 'hitByPitch':
      return '몸에 맞는 공';
    case 'interference':
      return '타격 방해로 출루';
    case 'error':
      return `${fielder} 실책으로 출루`;
    case 'fieldersChoice':
      return '야수 선택으로 출루';
    default:
      break;
  }
  // a fielded out
  if (hasModifier(play, 'SH')) return `${fielder} 희생번트`;
  if (hasModifier(play, 'SF')) return `${fielder} 희생플라이`;
  if (hasModifier(play, 'TP', 'GTP', 'LTP')) return `${fielder} 삼중살`;
  if (hasModifier(play, 'GDP')) return `${fielder} 병살타`;
  const ball = battedBall(play);
  const foul = play.modifiers.some((m) => m.startsWith('FL'));
  let what = foul
    ? '파울플라이'
    : ball === 'G' || ball === 'B'
      ? '땅볼'
      : ball === 'L'
        ? '직선타'
        : ball === 'F' || ball === 'P'
          ? '뜬공'
          : (play.fielder ?? 0) >= 7
            ? '뜬공'
            : play.outs[0]?.fielders.length > 1
              ? '땅볼'
              : '아웃';
  if (hasModifier(play, 'DP', 'LDP', 'FDP')) what += ' 병살';
  if (reached && play.outs.every((o) => o.runner !== 0)) what += ', 타자 출루';
  return `${fielder} ${what}`;
}

/** What a runner's play was: 도루, 폭투, 견제사… */
function runnerPart(play: Play, name: (base: number) => string): string {
  switch (play.kind) {
    case 'stolenBase':
      return play.steals
        .map((s) => `${name(s.from)} ${s.to === 4 ? '홈스틸' : `${s.to}루 도루`} 성공`)
        .join(', ');
    case 'caughtStealing':
    case 'pickoffCaughtStealing':
      return play.steals
        .map((s) =>
          s.out
            ? `${name(s.from)} ${play.kind === 'caughtStealing' ? `${BASE[s.to]} 도루 실패` : '견제사'}`
            : `${name(s.from)} ${BASE[s.to]} 도루, 실책으로 세이프`,
        )
        .join(', ');
    case 'pickoff':
      return play.outs.length ? `${name(play.outs[0].runner)} 견제사` : '견제 실책';
    case 'wildPitch':
      return '폭투';
    case 'passedBall':
      return '포일';
    case 'balk':
      return '보크';
    case 'defensiveIndifference':
      return '무관심 도루';
    case 'foulError':
      return `${FIELDER[play.errors[0]]} 파울플라이 실책`;
    default:
      return '주자 진루';
  }
}

/**
 * The sentence of one play: the situation before it, the batter's or runner's play, every runner
 * who moved, and the score after (away:home). `name` gives a player's name from his id.
 */
export function playSentence(
  before: GameState,
  result: EventResult,
  name: (player: string) => string,
): string {
  const play = result.play;
  if (!play) return situation(before);
  const runnerName = (base: number) => name(before.bases[base - 1]?.player ?? '');
  const batterMove = result.moves.find((m) => m.from === 0);
  const parts: string[] = [];
  const mentioned = new Set<number>();
  if (BATTER_PLAYS.has(play.kind)) {
    const reached = batterMove !== undefined && batterMove.to !== 0;
    parts.push(`${name(result.batter ?? '')} ${batterPart(play, reached)}`);
    if (play.also) {
      parts.push(runnerPart(play.also, runnerName));
      for (const s of play.also.steals) mentioned.add(s.from);
    }
  } else {
    parts.push(runnerPart(play, runnerName));
    for (const s of play.steals) if (s.to !== 4 || s.out) mentioned.add(s.from);
    for (const o of play.outs) mentioned.add(o.runner);
  }
  for (const m of result.moves) {
    if (m.from === 0 || mentioned.has(m.from)) continue;
    const who = `${BASE[m.from]} 주자 ${name(m.player)}`;
    parts.push(m.to === 0 ? `${who} 아웃` : m.to === 4 ? `${who} 홈인` : `${who} ${m.to}루까지`);
  }
  const [away, home] = result.state.score;
  return `${situation(before)} · ${parts.join(', ')} (${away}:${home})`;
}
