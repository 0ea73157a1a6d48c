import type { GameStage, GameStatus, LeagueStatus, RosterStatus } from '../db/schema.ts';

/** A season as the menu and pages show it. */
export interface SeasonInfo {
  id: number;
  name: string;
  year: number;
  active: boolean;
}

/** The association whose portal is built. */
export interface AssociationInfo {
  id: number;
  path: string;
  name: string;
  shortName: string;
}

/** A team named in a table or link. */
export interface TeamRef {
  id: number;
  name: string;
  shortName: string;
}

/** A player named in a table or link; teamId is the team the link goes through. */
export interface PlayerRef {
  id: number;
  name: string;
  teamId: number;
  backNumber: number | null;
}

/** A league as lists show it. */
export interface LeagueSummary {
  id: number;
  seasonId: number;
  name: string;
  divisionId: number | null;
  divisionName: string;
  startDate: string | null;
  endDate: string | null;
  status: LeagueStatus;
  teamCount: number;
  gameCount: number;
  playedCount: number;
}

/** A game as schedules and result lists show it. */
export interface GameSummary {
  id: number;
  leagueId: number;
  leagueName: string;
  seasonId: number;
  gameNo: number;
  round: string;
  stage: GameStage;
  date: string;
  time: string | null;
  venue: string;
  home: TeamRef;
  away: TeamRef;
  status: GameStatus;
  homeScore: number | null;
  awayScore: number | null;
  inningsPlayed: number | null;
  forfeitWinnerTeamId: number | null;
  notes: string;
  /** a box score or line score has been entered */
  hasRecord: boolean;
  updatedAt: string;
  /** the line score sent while the game is played (decision 149), beside a game still to be recorded */
  live?: LiveSummary | null;
}

/** A game's line score as it is played, with each side's runs so far. */
export interface LiveSummary {
  state: 'playing' | 'ended';
  away: number[];
  home: number[];
  inning: number;
  half: 'top' | 'bottom';
  outs: number;
  awayHits?: number | null;
  homeHits?: number | null;
  awayErrors?: number | null;
  homeErrors?: number | null;
  awayRuns: number;
  homeRuns: number;
}

/** A league roster line. */
export interface RosterEntry {
  player: PlayerRef;
  position: string;
  status: RosterStatus;
  bats: string | null;
  throws: string | null;
}
