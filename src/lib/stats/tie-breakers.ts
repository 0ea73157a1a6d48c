import { compareFractions, fraction, subtractFractions } from './fraction.ts';
import type { Fraction } from './fraction.ts';
import { drawLots } from './lots.ts';
import { teamGameResult } from './standings-game.ts';
import type { TeamGame, TeamId } from './standings-game.ts';
import { leaguePoints } from './standings-rules.ts';
import type { StandingsRules, TieBreaker } from './standings-rules.ts';

/** Tied teams in their final order; separatedBy[i] is the rule that put order[i] above order[i + 1], null if still tied. */
export interface TieBreakResult {
  order: TeamId[];
  separatedBy: (TieBreaker | null)[];
}

type Metric = (teamId: TeamId, sides: readonly TeamGame[]) => Fraction;

const sum = (sides: readonly TeamGame[], pick: (side: TeamGame) => number): number =>
  sides.reduce((total, side) => total + pick(side), 0);

// Without a decision among the tied teams a team sits at .500, between those who won and lost there.
function headToHead(
  rules: Pick<StandingsRules, 'rankingMethod' | 'pointsWin' | 'pointsDraw' | 'pointsLoss'>,
): Metric {
  return (_teamId, sides) => {
    const results = sides.map(teamGameResult);
    const record = {
      w: results.filter((r) => r === 'W').length,
      l: results.filter((r) => r === 'L').length,
      d: results.filter((r) => r === 'D').length,
    };
    if (rules.rankingMethod === 'points') return fraction(leaguePoints(record, rules), 1);
    return record.w + record.l === 0 ? fraction(1, 2) : fraction(record.w, record.w + record.l);
  };
}

// Innings are outs / 3, so runs per inning = 3 × runs / outs.
function qualityBalance(
  scored: (side: TeamGame) => number,
  allowed: (side: TeamGame) => number,
): Metric {
  return (_teamId, sides) =>
    subtractFractions(
      fraction(
        3 * sum(sides, scored),
        sum(sides, (side) => side.outsBatted),
      ),
      fraction(
        3 * sum(sides, allowed),
        sum(sides, (side) => side.outsFielded),
      ),
    );
}

const battingAverage: Metric = (_teamId, sides) => {
  const batted = sides.filter((side) => !side.forfeit);
  return fraction(
    sum(batted, (side) => side.h ?? 0),
    sum(batted, (side) => side.ab ?? 0),
  );
};

/** True when the games among the tied teams carry what a rule needs (earned runs, at-bats). */
function ruleApplies(
  rule: TieBreaker,
  group: readonly TeamId[],
  sides: readonly TeamGame[],
): boolean {
  if (rule === 'er_tqb')
    return sides.every((side) => side.earnedRuns !== null && side.earnedRunsAllowed !== null);
  if (rule === 'avg') {
    const batted = sides.filter((side) => !side.forfeit);
    if (batted.some((side) => side.ab === null || side.h === null)) return false;
    return group.every((teamId) =>
      batted.some((side) => side.teamId === teamId && (side.ab ?? 0) > 0),
    );
  }
  return true;
}

function metricFor(rule: Exclude<TieBreaker, 'lots'>, rules: StandingsRules): Metric {
  switch (rule) {
    case 'h2h':
      return headToHead(rules);
    case 'tqb':
      return qualityBalance(
        (side) => side.runs,
        (side) => side.runsAllowed,
      );
    case 'er_tqb':
      return qualityBalance(
        (side) => side.earnedRuns ?? 0,
        (side) => side.earnedRunsAllowed ?? 0,
      );
    case 'avg':
      return battingAverage;
  }
}

/** Splits a group into ordered subgroups of teams level on one rule, best first. */
function partition(
  rule: TieBreaker,
  group: readonly TeamId[],
  sides: readonly TeamGame[],
  rules: StandingsRules,
): TeamId[][] {
  if (rule === 'lots') return drawLots(group, rules.lotSeed ?? '').map((teamId) => [teamId]);
  if (!ruleApplies(rule, group, sides)) return [[...group]];
  const metric = metricFor(rule, rules);
  const scored = group.map((teamId) => ({
    teamId,
    value: metric(
      teamId,
      sides.filter((side) => side.teamId === teamId),
    ),
  }));
  scored.sort((a, b) => compareFractions(b.value, a.value));
  const parts: TeamId[][] = [];
  scored.forEach((entry, i) => {
    if (i > 0 && compareFractions(entry.value, scored[i - 1].value) === 0)
      parts[parts.length - 1].push(entry.teamId);
    else parts.push([entry.teamId]);
  });
  return parts;
}

// WBSC: when a rule splits off some teams, each still-level subgroup starts again from the first rule.
/** Orders teams level in the table by the league's tie-breakers over games among them only. */
export function breakTies(
  group: readonly TeamId[],
  sides: readonly TeamGame[],
  rules: StandingsRules,
): TieBreakResult {
  if (group.length < 2) return { order: [...group], separatedBy: [] };
  const members = new Set(group);
  const among = sides.filter((side) => members.has(side.teamId) && members.has(side.opponentId));
  for (const rule of rules.tieBreakers) {
    const parts = partition(rule, group, among, rules);
    if (parts.length < 2) continue;
    const order: TeamId[] = [];
    const separatedBy: (TieBreaker | null)[] = [];
    parts.forEach((part, i) => {
      if (i > 0) separatedBy.push(rule);
      const resolved = breakTies(part, among, rules);
      order.push(...resolved.order);
      separatedBy.push(...resolved.separatedBy);
    });
    return { order, separatedBy };
  }
  return { order: [...group], separatedBy: group.slice(1).map(() => null) };
}
