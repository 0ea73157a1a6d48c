import {
  battingFractions,
  battingRates,
  emptyBatting,
  sumBatting,
} from '../../../lib/stats/batting.ts';
import type { BattingLine } from '../../../lib/stats/batting.ts';
import { formatEra, formatInningsFraction, formatRate } from '../../../lib/stats/format.ts';
import { qualifiedBatters, qualifiedPitchers } from '../../../lib/stats/leaders.ts';
import { pitchingFractions, pitchingRates } from '../../../lib/stats/pitching.ts';
import { computeStandings } from '../../../lib/stats/standings.ts';
import type { StandingsGame } from '../../../lib/stats/standings-game.ts';
import type { StandingsRules } from '../../../lib/stats/standings-rules.ts';
import type { SimResult } from './simulate-game.ts';

/** A league's game as the results need it: a final with its simulated box score, or a forfeit. */
export interface ResultGame {
  id: number;
  date: string;
  homeTeamId: number;
  awayTeamId: number;
  status: 'final' | 'forfeit';
  homeScore: number;
  awayScore: number;
  forfeitWinnerTeamId: number | null;
  sim: SimResult | null;
}

export interface LeagueResultRow {
  teamId: number;
  rank: number;
  note: string;
}
export interface LeagueAwardRow {
  awardName: string;
  playerId: number | null;
  teamId: number | null;
  note: string;
}

/** Final ranks by the same standings code the portal uses (pct or points, WBSC tie-breakers). */
export function finalRanks(
  teamIds: readonly number[],
  games: readonly ResultGame[],
  rules: StandingsRules,
): LeagueResultRow[] {
  const standings = computeStandings(teamIds, games.map(toStandingsGame), rules);
  return standings.map((row) => ({
    teamId: Number(row.teamId),
    rank: row.rank,
    note: row.rank === 1 ? '우승' : row.rank === 2 ? '준우승' : row.rank === 3 ? '3위' : '',
  }));
}

function toStandingsGame(game: ResultGame): StandingsGame {
  const sim = game.sim;
  const total = (side: 'home' | 'away', key: 'ab' | 'h') =>
    sim ? sim[side].batting.reduce((s, l) => s + l[key], 0) : null;
  return {
    id: game.id,
    date: game.date,
    homeTeamId: game.homeTeamId,
    awayTeamId: game.awayTeamId,
    homeScore: game.homeScore,
    awayScore: game.awayScore,
    status: game.status,
    forfeitWinnerTeamId: game.forfeitWinnerTeamId,
    inningsPlayed: sim?.inningsPlayed ?? null,
    homeOutsBatted: sim?.home.outsBatted ?? null,
    awayOutsBatted: sim?.away.outsBatted ?? null,
    homeEarnedRuns: sim?.home.earnedRuns ?? null,
    awayEarnedRuns: sim?.away.earnedRuns ?? null,
    homeAb: total('home', 'ab'),
    homeH: total('home', 'h'),
    awayAb: total('away', 'ab'),
    awayH: total('away', 'h'),
  };
}

interface BatterTotals extends BattingLine {
  playerId: number;
  teamId: number;
}
interface PitcherTotals {
  playerId: number;
  teamId: number;
  outs: number;
  er: number;
  h: number;
  bb: number;
  w: number;
  l: number;
}

/**
 * The usual season awards from the league's statistics: MVP (most player-of-the-game awards), batting
 * title, home runs, RBI, stolen bases, best ERA, most wins, and the champion's manager.
 */
export function seasonAwards(
  games: readonly ResultGame[],
  qualify: { pa: number; ip: number },
  eraBasis: number,
  champion: { teamId: number; managerName: string | null },
): LeagueAwardRow[] {
  const batters = new Map<number, BatterTotals>();
  const pitchers = new Map<number, PitcherTotals>();
  const teamGames = new Map<number, number>();
  const mvps = new Map<number, number>();
  const teamOfMvp = new Map<number, number>();
  for (const game of games) {
    for (const teamId of [game.homeTeamId, game.awayTeamId])
      teamGames.set(teamId, (teamGames.get(teamId) ?? 0) + 1);
    const sim = game.sim;
    if (!sim) continue;
    for (const [side, teamId] of [
      [sim.home, game.homeTeamId],
      [sim.away, game.awayTeamId],
    ] as const) {
      for (const line of side.batting) {
        const prev = batters.get(line.playerId) ?? {
          ...emptyBatting(),
          playerId: line.playerId,
          teamId,
        };
        batters.set(line.playerId, {
          ...sumBatting([prev, line]),
          playerId: line.playerId,
          teamId,
        });
        if (line.playerId === sim.mvpPlayerId) teamOfMvp.set(line.playerId, teamId);
      }
      for (const line of side.pitching) {
        const prev = pitchers.get(line.playerId) ?? {
          playerId: line.playerId,
          teamId,
          outs: 0,
          er: 0,
          h: 0,
          bb: 0,
          w: 0,
          l: 0,
        };
        pitchers.set(line.playerId, {
          ...prev,
          outs: prev.outs + line.outs,
          er: prev.er + line.er,
          h: prev.h + line.h,
          bb: prev.bb + line.bb,
          w: prev.w + (line.decision === 'W' ? 1 : 0),
          l: prev.l + (line.decision === 'L' ? 1 : 0),
        });
        if (line.playerId === sim.mvpPlayerId) teamOfMvp.set(line.playerId, teamId);
      }
    }
    mvps.set(sim.mvpPlayerId, (mvps.get(sim.mvpPlayerId) ?? 0) + 1);
  }

  const gamesOf = (row: { teamId: number }) => teamGames.get(row.teamId) ?? 0;
  const batting = [...batters.values()].map((b) => ({ ...b, ...battingRates(b) }));
  const pitching = [...pitchers.values()].map((p) => ({
    ...p,
    era: pitchingRates(p, eraBasis).era,
  }));
  const best = <T extends { playerId: number }>(
    rows: readonly T[],
    ...keys: ((row: T) => number)[]
  ): T | undefined =>
    [...rows].sort((a, b) => {
      for (const key of keys) if (key(b) !== key(a)) return key(b) - key(a);
      return a.playerId - b.playerId;
    })[0];

  const awards: LeagueAwardRow[] = [];
  const add = (
    awardName: string,
    row: { playerId: number; teamId: number } | undefined,
    note: string,
  ) => {
    if (row) awards.push({ awardName, playerId: row.playerId, teamId: row.teamId, note });
  };

  const mvp = best(
    [...mvps.entries()].map(([playerId, count]) => ({
      playerId,
      count,
      teamId: teamOfMvp.get(playerId)!,
    })),
    (r) => r.count,
    (r) => batters.get(r.playerId)?.rbi ?? 0,
  );
  add('최우수선수상', mvp, mvp ? `경기 MVP ${mvp.count}회` : '');
  const qualifiedBat = qualifiedBatters(batting, gamesOf, qualify.pa);
  const avg = best(
    qualifiedBat,
    (r) => r.avg ?? 0,
    (r) => r.h,
  );
  add('타격상', avg, avg ? `타율 ${formatRate(battingFractions(avg).avg)}` : '');
  const hr = best(
    batting,
    (r) => r.hr,
    (r) => r.rbi,
  );
  add('홈런상', hr, hr ? `홈런 ${hr.hr}개` : '');
  const rbi = best(
    batting,
    (r) => r.rbi,
    (r) => r.hr,
  );
  add('타점상', rbi, rbi ? `타점 ${rbi.rbi}` : '');
  const sb = best(
    batting,
    (r) => r.sb,
    (r) => -r.cs,
  );
  add('도루상', sb, sb ? `도루 ${sb.sb}개` : '');
  const qualifiedPitch = qualifiedPitchers(pitching, gamesOf, qualify.ip);
  const era = best(
    qualifiedPitch,
    (r) => -(r.era ?? Infinity),
    (r) => r.outs,
  );
  add(
    '최우수투수상',
    era,
    era
      ? `평균자책점 ${formatEra(pitchingFractions(era, eraBasis).era)} (${formatInningsFraction(era.outs)}이닝)`
      : '',
  );
  const wins = best(
    pitching,
    (r) => r.w,
    (r) => -(r.era ?? Infinity),
  );
  add('다승상', wins, wins ? `${wins.w}승 ${wins.l}패` : '');
  awards.push({
    awardName: '감독상',
    playerId: null,
    teamId: champion.teamId,
    note: champion.managerName ? `감독 ${champion.managerName}` : '',
  });
  return awards;
}
