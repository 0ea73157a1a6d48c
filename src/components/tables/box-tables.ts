import { paths } from '../../lib/paths.ts';
import type { SeasonRef } from '../../lib/paths.ts';
import type { BoxScore, BoxSide } from '../../server/read/box-score.ts';
import type { TeamRef } from '../../server/read/types.ts';
import { DECISION_LABELS } from '../utils/game-labels.ts';
import {
  GAME_BATTING_COLUMNS,
  GAME_PITCHING_COLUMNS,
  gameBattingCells,
  gamePitchingCells,
} from '../utils/stat-tables.ts';
import { termColumn } from '../utils/glossary.ts';
import { formatEra, formatRate } from '../../lib/stats/index.ts';
import type { SeasonRatesAfterGame } from '../../server/read/box-season-rates.ts';
import type { Cell, TableModel } from '../utils/table.ts';

/**
 * One team's batting in a game, substitutes under the batter they replaced. The player's name comes
 * first (it stays in view while the row scrolls); with `season`, the season AVG after this game
 * follows the position, before the game's counts, as Korean box scores print it.
 */
export function boxBattingTable(
  side: BoxSide,
  team: TeamRef,
  season: SeasonRef,
  options: { csvHref?: string; seasonRates?: SeasonRatesAfterGame } = {},
): TableModel {
  const rates = options.seasonRates;
  return {
    caption: `${team.name} 타격 기록`,
    csvHref: options.csvHref,
    columns: [
      { label: '선수' },
      { label: '타순', numeric: true },
      { label: '위치' },
      ...(rates ? [termColumn('seasonAvg')] : []),
      ...GAME_BATTING_COLUMNS,
    ],
    rows: side.batters.map((b): Cell[] => [
      { text: b.player.name, href: paths.player(season, b.player.teamId, b.player.id) },
      b.seq > 1 ? `${b.order} (교체)` : b.order,
      b.position || '-',
      ...(rates ? [formatRate(rates.avg.get(b.player.id) ?? null)] : []),
      ...gameBattingCells(b.line),
    ]),
    foot: side.batters.length
      ? [['합계', '', '', ...(rates ? [''] : []), ...gameBattingCells(side.battingTotal)]]
      : [],
    rowHeader: 0,
    empty: '타격 기록이 없습니다.',
  };
}

/** One team's pitching in a game, in the order the pitchers came in, with 승/패/세/홀드 marks. */
export function boxPitchingTable(
  side: BoxSide,
  team: TeamRef,
  season: SeasonRef,
  options: { csvHref?: string; seasonRates?: SeasonRatesAfterGame } = {},
): TableModel {
  const rates = options.seasonRates;
  return {
    caption: `${team.name} 투구 기록`,
    csvHref: options.csvHref,
    columns: [
      { label: '선수' },
      { label: '결과' },
      ...(rates ? [termColumn('seasonEra')] : []),
      ...GAME_PITCHING_COLUMNS,
    ],
    rows: side.pitchers.map((p): Cell[] => [
      { text: p.player.name, href: paths.player(season, p.player.teamId, p.player.id) },
      p.decision ? DECISION_LABELS[p.decision] : '-',
      ...(rates ? [formatEra(rates.era.get(p.player.id) ?? null)] : []),
      ...gamePitchingCells(p.line),
    ]),
    foot: side.pitchers.length
      ? [['합계', '', ...(rates ? [''] : []), ...gamePitchingCells(side.pitchingTotal)]]
      : [],
    rowHeader: 0,
    empty: '투구 기록이 없습니다.',
  };
}

/** Both teams' batting as one CSV table, with a team column. */
export function boxBattingCsvTable(box: BoxScore, season: SeasonRef): TableModel {
  const away = boxBattingTable(box.away, box.game.away, season);
  const home = boxBattingTable(box.home, box.game.home, season);
  return {
    caption: `${box.game.away.name} 대 ${box.game.home.name} 타격 기록`,
    columns: [{ label: '팀' }, ...away.columns],
    rows: [
      ...away.rows.map((r) => [box.game.away.name, ...r]),
      ...home.rows.map((r) => [box.game.home.name, ...r]),
    ],
    foot: [
      ...(away.foot ?? []).map((r) => [box.game.away.name, ...r]),
      ...(home.foot ?? []).map((r) => [box.game.home.name, ...r]),
    ],
  };
}

/** Both teams' pitching as one CSV table, with a team column. */
export function boxPitchingCsvTable(box: BoxScore, season: SeasonRef): TableModel {
  const away = boxPitchingTable(box.away, box.game.away, season);
  const home = boxPitchingTable(box.home, box.game.home, season);
  return {
    caption: `${box.game.away.name} 대 ${box.game.home.name} 투구 기록`,
    columns: [{ label: '팀' }, ...away.columns],
    rows: [
      ...away.rows.map((r) => [box.game.away.name, ...r]),
      ...home.rows.map((r) => [box.game.home.name, ...r]),
    ],
    foot: [
      ...(away.foot ?? []).map((r) => [box.game.away.name, ...r]),
      ...(home.foot ?? []).map((r) => [box.game.home.name, ...r]),
    ],
  };
}
