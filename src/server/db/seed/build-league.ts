import type { GameStatus, NewRow, RosterStatus } from '../schema.ts';
import { addDays, latestDate, matchDays, saturdayOnOrAfter, seoulTimestamp } from './calendar.ts';
import { DEMO_SEED, PLAYED_THROUGH } from './catalog.ts';
import type { DivisionSpec, SeasonSpec } from './catalog.ts';
import type { CoachStaff } from './coaches.ts';
import type { DemoRows } from './demo-rows.ts';
import type { IdAllocator } from './ids.ts';
import { finalRanks, seasonAwards } from './league-results.ts';
import type { ResultGame } from './league-results.ts';
import { pickLineup } from './lineup.ts';
import type { NoticeLeague } from './notices.ts';
import type { DemoPlayer, DemoStint, DemoTeam } from './people.ts';
import { createRng } from './random.ts';
import { doubleRoundRobin } from './round-robin.ts';
import { inningsToText } from '../../../lib/schemas/inning-list.ts';
import { DEFAULT_RUN_AHEAD, simulateGame } from './simulate-game.ts';
import type { SimResult, SimRules } from './simulate-game.ts';

export interface LeagueContext {
  ids: IdAllocator;
  rows: DemoRows;
  teams: readonly DemoTeam[];
  players: ReadonlyMap<number, DemoPlayer>;
  stints: readonly DemoStint[];
  staff: CoachStaff;
}

type Special = 'postponed' | 'cancelled' | 'forfeit';

/** The games that did not go to plan, one per league where listed. */
const SPECIALS: Readonly<Record<number, Partial<Record<DivisionSpec['key'], Special>>>> = {
  2024: { women: 'cancelled', men1: 'postponed', men2: 'cancelled' },
  2025: { women: 'postponed', men1: 'forfeit', men2: 'postponed', senior: 'cancelled' },
  2026: { women: 'forfeit', men1: 'postponed', men2: 'cancelled', senior: 'postponed' },
};

/** Roster entries that are not 'active': released players leave their team that day. */
const ROSTER_STATUS: readonly {
  year: number;
  division: DivisionSpec['key'];
  status: RosterStatus;
  leaves?: string;
}[] = [
  { year: 2024, division: 'women', status: 'released', leaves: '2024-07-05' },
  { year: 2025, division: 'men1', status: 'suspended' },
  { year: 2025, division: 'senior', status: 'released', leaves: '2025-06-20' },
  { year: 2026, division: 'men2', status: 'suspended' },
  { year: 2026, division: 'men1', status: 'released', leaves: '2026-06-30' },
];

/** 2026 postponed games are made up on these reserve days, after "today". */
const RESERVE_DAYS_2026: Partial<Record<DivisionSpec['key'], string>> = {
  men1: '2026-12-05',
  senior: '2026-12-06',
};

const korDate = (date: string) => `${Number(date.slice(5, 7))}월 ${Number(date.slice(8, 10))}일`;

interface RosterEntry {
  player: DemoPlayer;
  teamId: number;
  status: RosterStatus;
  registeredOn: string;
}

interface PlannedGame {
  row: NewRow<'games'> & { id: number };
  special: Special | null;
}

/** One league of one season: teams, rosters, staff, a double round robin, box scores of the games played, and for a finished season the final ranks and awards. */
export function buildLeague(
  ctx: LeagueContext,
  season: SeasonSpec,
  division: DivisionSpec,
  seasonId: number,
  order: number,
): NoticeLeague {
  const { ids, rows } = ctx;
  const year = season.year;
  const rng = createRng(`${DEMO_SEED}:league:${year}:${division.key}`);
  const finished = season.active === 0;
  const leagueId = ids.next('leagues');
  const name = `${year} ${division.name} 리그`;
  const registration = addDays(season.from, -rng.int(14, 24));
  const teams = ctx.teams.filter(
    (t) => t.division.key === division.key && t.spec.firstSeason <= year,
  );

  for (const team of teams)
    rows.league_teams.push({ id: ids.next('league_teams'), league_id: leagueId, team_id: team.id });

  // Rosters: everyone whose spell at the team covers part of the season.
  const roster: RosterEntry[] = [];
  for (const team of teams) {
    const spells = ctx.stints.filter(
      (s) =>
        s.teamId === team.id &&
        s.from <= `${year}-10-31` &&
        (s.to === null || s.to >= `${year}-04-01`),
    );
    for (const stint of spells) {
      roster.push({
        player: ctx.players.get(stint.playerId)!,
        teamId: team.id,
        status: 'active',
        registeredOn: stint.from > registration ? addDays(stint.from, 2) : registration,
      });
    }
  }
  for (const plan of ROSTER_STATUS.filter((p) => p.year === year && p.division === division.key)) {
    const candidates = roster.filter(
      (e) =>
        e.status === 'active' &&
        e.registeredOn === registration &&
        !['투수', '포수'].includes(e.player.position) &&
        (!plan.leaves ||
          ctx.stints.some(
            (s) =>
              s.playerId === e.player.id &&
              s.teamId === e.teamId &&
              (s.to === null || s.to === `${year}-12-31`),
          )),
    );
    const entry = rng.pick(candidates);
    entry.status = plan.status;
    if (plan.leaves) {
      const stint = ctx.stints.find(
        (s) =>
          s.playerId === entry.player.id &&
          s.teamId === entry.teamId &&
          (s.to === null || s.to >= `${year}-04-01`),
      )!;
      stint.to = plan.leaves;
    }
  }
  for (const entry of roster) {
    const stint = ctx.stints.find(
      (s) =>
        s.playerId === entry.player.id &&
        s.teamId === entry.teamId &&
        s.from <= `${year}-10-31` &&
        (s.to === null || s.to >= `${year}-04-01`),
    )!;
    rows.league_players.push({
      id: ids.next('league_players'),
      league_id: leagueId,
      team_id: entry.teamId,
      player_id: entry.player.id,
      back_number: stint.backNumber,
      status: entry.status,
      registered_on: entry.registeredOn,
    });
  }

  const managers = new Map<number, string>();
  for (const team of teams) {
    for (const stint of ctx.staff.stints.filter(
      (s) =>
        s.teamId === team.id &&
        s.from <= `${year}-10-31` &&
        (s.to === null || s.to >= `${year}-03-01`),
    )) {
      rows.league_coaches.push({
        id: ids.next('league_coaches'),
        league_id: leagueId,
        team_id: team.id,
        coach_id: stint.coachId,
        role: stint.role,
      });
      if (stint.role === '감독')
        managers.set(team.id, ctx.staff.coaches.find((c) => c.id === stint.coachId)!.name);
    }
  }

  // Schedule: rounds spread evenly over the season's match days.
  const lastDay = season.lastDays?.[order] ?? season.to;
  const inBreak = (d: string) => season.breaks.some(([a, b]) => d >= a && d <= b);
  const days = matchDays(season.from, lastDay, season.holidays, inBreak);
  const pairings = doubleRoundRobin(rng.shuffle(teams.map((t) => t.id)));
  const rounds = Math.max(...pairings.map((p) => p.round));
  // A season still running plays all but its last round by PLAYED_THROUGH (the last weekend before "today").
  const playedDays = days
    .filter((d) => d <= PLAYED_THROUGH)
    .slice(0, order % 2 === 1 ? -1 : undefined);
  const roundDate = (round: number): string => {
    if (!season.lastDays) return days[Math.round(((round - 1) * (days.length - 1)) / (rounds - 1))];
    if (round === rounds) return lastDay;
    return playedDays[Math.round(((round - 1) * (playedDays.length - 1)) / (rounds - 2))];
  };
  const planned: PlannedGame[] = [];
  let gameNo = 0;
  let slot = 0;
  let previousRound = 0;
  for (const p of pairings) {
    if (p.round !== previousRound) {
      slot = 0;
      previousRound = p.round;
    }
    const date = roundDate(p.round);
    planned.push({
      special: null,
      row: {
        id: ids.next('games'),
        league_id: leagueId,
        game_no: ++gameNo,
        round: `${p.round}라운드`,
        stage: 'regular',
        game_date: date,
        game_time: division.times[slot++],
        venue: division.venues[(p.round - 1 + order) % division.venues.length],
        home_team_id: p.home,
        away_team_id: p.away,
        status: date <= PLAYED_THROUGH ? 'final' : 'scheduled',
        home_score: null,
        away_score: null,
        innings_played: null,
        forfeit_winner_team_id: null,
        win_pitcher_id: null,
        loss_pitcher_id: null,
        save_pitcher_id: null,
        mvp_player_id: null,
        notes: '',
        updated_at: seoulTimestamp(registration, '10:00'),
      },
    });
  }

  const special = SPECIALS[year]?.[division.key];
  if (special) {
    const choices = planned.filter(
      (g) =>
        g.row.status === 'final' &&
        Number.parseInt(g.row.round!, 10) >= 3 &&
        Number.parseInt(g.row.round!, 10) <= rounds - 2,
    );
    const game = rng.pick(choices);
    game.special = special;
    game.row.status = special;
    if (special === 'postponed') {
      const lastDate = latestDate(planned.map((g) => g.row.game_date));
      const makeupDate = finished
        ? saturdayOnOrAfter(addDays(lastDate, 1))
        : RESERVE_DAYS_2026[division.key]!;
      game.row.notes = `우천으로 연기, ${korDate(makeupDate)} 재경기`;
      game.row.updated_at = seoulTimestamp(game.row.game_date, '07:00');
      planned.push({
        special: null,
        row: {
          ...game.row,
          id: ids.next('games'),
          game_no: ++gameNo,
          game_date: makeupDate,
          game_time: '10:00',
          venue: division.venues[0],
          status: makeupDate <= PLAYED_THROUGH ? 'final' : 'scheduled',
          notes: `${korDate(game.row.game_date)} 우천 연기 경기`,
          updated_at: seoulTimestamp(game.row.game_date, '07:00'),
        },
      });
    } else if (special === 'cancelled') {
      game.row.notes = '우천 취소 (재경기 없음)';
      game.row.updated_at = seoulTimestamp(game.row.game_date, '07:00');
    } else {
      const winner = rng.chance(0.5) ? game.row.home_team_id : game.row.away_team_id;
      const loserName = ctx.teams.find(
        (t) =>
          t.id !== winner && (t.id === game.row.home_team_id || t.id === game.row.away_team_id),
      )!.spec.name;
      Object.assign(game.row, {
        forfeit_winner_team_id: winner,
        home_score: winner === game.row.home_team_id ? 7 : 0,
        away_score: winner === game.row.away_team_id ? 7 : 0,
        notes: `${loserName} 출전 선수 부족(9명 미만)으로 몰수패`,
        updated_at: seoulTimestamp(game.row.game_date, '12:00'),
      });
    }
  }

  const rules: SimRules = {
    innings: 7,
    runAhead: DEFAULT_RUN_AHEAD,
    tiesAllowed: division.rules.tiesAllowed === 1,
  };
  const eligible = (teamId: number, date: string) =>
    roster
      .filter((e) => e.teamId === teamId && e.status === 'active' && e.registeredOn <= date)
      .map((e) => e.player);
  const results: ResultGame[] = [];

  for (const { row } of planned) {
    if (row.status === 'forfeit') {
      results.push({
        id: row.id,
        date: row.game_date,
        homeTeamId: row.home_team_id,
        awayTeamId: row.away_team_id,
        status: 'forfeit',
        homeScore: row.home_score!,
        awayScore: row.away_score!,
        forfeitWinnerTeamId: row.forfeit_winner_team_id!,
        sim: null,
      });
    }
    if (row.status !== 'final') continue;
    const gameRng = createRng(`${DEMO_SEED}:game:${leagueId}:${row.game_no}`);
    const away = pickLineup(
      gameRng,
      eligible(row.away_team_id, row.game_date),
      division.battingSlots,
    );
    const home = pickLineup(
      gameRng,
      eligible(row.home_team_id, row.game_date),
      division.battingSlots,
    );
    const sim = simulateGame(gameRng, away, home, rules);
    recordGame(ctx, row, sim);
    results.push({
      id: row.id,
      date: row.game_date,
      homeTeamId: row.home_team_id,
      awayTeamId: row.away_team_id,
      status: 'final',
      homeScore: sim.home.runs,
      awayScore: sim.away.runs,
      forfeitWinnerTeamId: null,
      sim,
    });
  }
  rows.games.push(...planned.map((g) => g.row).sort((a, b) => a.id - b.id));

  const dates = planned.map((g) => g.row.game_date).sort();
  const notice: NoticeLeague = {
    id: leagueId,
    name,
    teamCount: teams.length,
    start: dates[0],
    end: dates[dates.length - 1],
  };
  const r = division.rules;
  rows.leagues.push({
    id: leagueId,
    season_id: seasonId,
    division_id: teams[0].divisionId,
    name,
    logo: null,
    start_date: notice.start,
    end_date: notice.end,
    status: finished ? 'finished' : 'ongoing',
    innings_per_game: 7,
    run_ahead_rule: JSON.stringify(DEFAULT_RUN_AHEAD),
    ties_allowed: r.tiesAllowed,
    ranking_method: r.rankingMethod,
    points_win: r.pointsWin,
    points_draw: r.pointsDraw,
    points_loss: r.pointsLoss,
    tie_breakers: JSON.stringify(['h2h', 'tqb', 'er_tqb', 'avg', 'lots']),
    era_basis: 7,
    qualify_pa_per_game: r.qualifyPa,
    qualify_ip_per_game: r.qualifyIp,
    schedule_upload_id: null,
  });

  if (finished) {
    const ranks = finalRanks(
      teams.map((t) => t.id),
      results,
      {
        rankingMethod: r.rankingMethod,
        pointsWin: r.pointsWin,
        pointsDraw: r.pointsDraw,
        pointsLoss: r.pointsLoss,
        tieBreakers: ['h2h', 'tqb', 'er_tqb', 'avg', 'lots'],
        inningsPerGame: 7,
        lotSeed: leagueId,
      },
    );
    for (const rank of ranks)
      rows.league_results.push({
        id: ids.next('league_results'),
        league_id: leagueId,
        team_id: rank.teamId,
        rank: rank.rank,
        note: rank.note,
      });
    const championId = ranks[0].teamId;
    const awards = seasonAwards(results, { pa: r.qualifyPa, ip: r.qualifyIp }, 7, {
      teamId: championId,
      managerName: managers.get(championId) ?? null,
    });
    for (const a of awards) {
      rows.league_awards.push({
        id: ids.next('league_awards'),
        league_id: leagueId,
        award_name: a.awardName,
        player_id: a.playerId,
        team_id: a.teamId,
        note: a.note,
      });
    }
    const teamName = (id: number) => ctx.teams.find((t) => t.id === id)!.spec.name;
    notice.champion = teamName(championId);
    notice.runnerUp = teamName(ranks[1].teamId);
    notice.awards = awards.map((a) => ({
      award: a.awardName,
      winner:
        a.playerId !== null
          ? `${ctx.players.get(a.playerId)!.name} (${teamName(a.teamId!)})`
          : teamName(a.teamId!),
      note: a.note,
    }));
  }
  return notice;
}

const SIM_NOTES: Record<SimResult['ending'], (sim: SimResult) => string> = {
  regulation: (sim) => (sim.inningsPlayed > 7 ? `연장 ${sim.inningsPlayed}회 승부치기` : ''),
  'walk-off': (sim) =>
    sim.inningsPlayed > 7 ? `연장 ${sim.inningsPlayed}회 승부치기 끝내기` : '끝내기',
  'run-ahead': (sim) => `${sim.inningsPlayed}회 콜드게임`,
  tie: (sim) => `${sim.inningsPlayed}회 무승부`,
};

/** Writes one simulated game into the game row and the box-score tables. */
function recordGame(
  ctx: LeagueContext,
  row: NewRow<'games'> & { id: number },
  sim: SimResult,
): void {
  const { rows, ids } = ctx;
  const status: GameStatus = 'final';
  Object.assign(row, {
    status,
    home_score: sim.home.runs,
    away_score: sim.away.runs,
    innings_played: sim.inningsPlayed,
    win_pitcher_id: sim.winPitcherId,
    loss_pitcher_id: sim.lossPitcherId,
    save_pitcher_id: sim.savePitcherId,
    mvp_player_id: sim.mvpPlayerId,
    notes: [row.notes, SIM_NOTES[sim.ending](sim)].filter(Boolean).join(' · '),
    updated_at: seoulTimestamp(row.game_date, '21:00'),
  });
  for (const half of sim.halves)
    rows.game_innings.push({
      game_id: row.id,
      inning: half.inning,
      half: half.half,
      runs: half.runs,
    });
  for (const [side, teamId] of [
    [sim.away, row.away_team_id],
    [sim.home, row.home_team_id],
  ] as const) {
    for (const { playerId, battingOrder, gwrbi, innings, ...line } of side.batting) {
      rows.game_batting.push({
        id: ids.next('game_batting'),
        game_id: row.id,
        team_id: teamId,
        player_id: playerId,
        batting_order: battingOrder,
        ...line,
        gwrbi: gwrbi ? 1 : 0,
        hr_innings: inningsToText(innings.hr),
        b2_innings: inningsToText(innings.b2),
        b3_innings: inningsToText(innings.b3),
        sb_innings: inningsToText(innings.sb),
        e_innings: inningsToText(innings.e),
        gidp_innings: inningsToText(innings.gidp),
      });
    }
    for (const { playerId, ...line } of side.pitching) {
      rows.game_pitching.push({
        id: ids.next('game_pitching'),
        game_id: row.id,
        team_id: teamId,
        player_id: playerId,
        ...line,
      });
    }
  }
}
