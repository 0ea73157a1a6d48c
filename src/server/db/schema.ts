import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { AccessAction } from '../../lib/schemas/access-log.ts';

/** Kysely's view of the tables created by the migrations; keep it in step with them. */
export interface Database {
  league_main: LeagueMainTable;
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  user_totp: UserTotpTable;
  totp_recovery_codes: TotpRecoveryCodesTable;
  divisions: DivisionsTable;
  teams: TeamsTable;
  players: PlayersTable;
  team_players: TeamPlayersTable;
  coaches: CoachesTable;
  team_coaches: TeamCoachesTable;
  league_managers: LeagueManagersTable;
  team_managers: TeamManagersTable;
  board_roles: BoardRolesTable;
  uploads: UploadsTable;
  seasons: SeasonsTable;
  leagues: LeaguesTable;
  league_teams: LeagueTeamsTable;
  league_players: LeaguePlayersTable;
  league_coaches: LeagueCoachesTable;
  games: GamesTable;
  game_innings: GameInningsTable;
  game_live: GameLiveTable;
  game_batting: GameBattingTable;
  game_pitching: GamePitchingTable;
  game_plays: GamePlaysTable;
  league_results: LeagueResultsTable;
  league_awards: LeagueAwardsTable;
  notices: NoticesTable;
  notice_attachments: NoticeAttachmentsTable;
  audit_log: AuditLogTable;
  personal_access_log: PersonalAccessLogTable;
  personal_access_anchor: PersonalAccessAnchorTable;
  personal_access_reviews: PersonalAccessReviewsTable;
  publish_runs: PublishRunsTable;
  login_failures: LoginFailuresTable;
  publisher_lease: PublisherLeaseTable;
  session_activity: SessionActivityTable;
  schema_migrations: SchemaMigrationsTable;
  season_guards: SeasonGuardsTable;
  public_changes: PublicChangesTable;
  publish_cursor: PublishCursorTable;
}

type Id = Generated<number>;
type Flag = 0 | 1;

/** Which app node publishes the site, until when (epoch ms): publish/lease.ts, decision 152. */
export interface PublisherLeaseTable {
  name: string;
  holder: string;
  expires_ms: number;
}

/** When a sign-in (refresh-token family) last made a request (epoch ms): auth/session-activity.ts. */
export interface SessionActivityTable {
  family: string;
  last_ms: number;
}

/** One counter of the login throttle (decision 148); `account` or `address` is '' when not part of it. */
export interface LoginFailuresTable {
  kind: 'pair' | 'address' | 'account';
  account: string;
  address: string;
  failures: number;
  last_ms: number;
}

/** One row per association with seasons, kept by triggers (migration 002): the one-active-season guard. */
export interface SeasonGuardsTable {
  main_id: number;
}

/** A row a trigger wrote for a change of a public table (migration 011, decision 150). */
export interface PublicChangesTable {
  id: Id;
  table_name: string;
  row_id: number | null;
  kind: 'insert' | 'update' | 'delete';
  /** JSON of the captured columns before the change (null for an insert) */
  old: string | null;
  /** JSON of the captured columns after the change (null for a delete) */
  new: string | null;
  committed_at: Generated<string>;
}

/** The one row saying up to which change the live site is published (decision 150). */
export interface PublishCursorTable {
  id: number;
  last_id: number;
  published_at: string | null;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: string;
}

export interface LeagueMainTable {
  id: Id;
  path: string;
  name: string;
  short_name: Generated<string>;
  logo: string | null;
  created_at: Generated<string>;
  /** 1: its managers must sign in with a one-time code (decision 147) */
  require_totp: Generated<Flag>;
}

export interface UsersTable {
  id: Id;
  email: string;
  password_hash: string;
  username: string;
  nickname: Generated<string>;
  phone: string | null;
  photo: string | null;
  gender: 'M' | 'F' | null;
  birthday: string | null;
  is_admin: Generated<Flag>;
  disabled: Generated<Flag>;
  created_at: Generated<string>;
  updated_at: Generated<string>;
  /** when the personal fields were erased on the person's request (decision 148) */
  erased_at: Generated<string | null>;
}

export interface RefreshTokensTable {
  id: Id;
  user_id: number;
  token_hash: string;
  family: string;
  created_at: string;
  expires_at: string;
  absolute_expires_at: string;
  revoked_at: string | null;
  replaced_by: number | null;
  rotated_at: string | null;
}

export interface UserTotpTable {
  user_id: number;
  /** base32 */
  secret: string;
  /** null while set up but not turned on */
  enabled_at: string | null;
  /** time-step of the last accepted code */
  last_step: number | null;
  created_at: string;
}

export interface TotpRecoveryCodesTable {
  id: Id;
  user_id: number;
  code_hash: string;
  used_at: string | null;
}

export interface DivisionsTable {
  id: Id;
  main_id: number;
  name: string;
  sort_order: Generated<number>;
}

export interface TeamsTable {
  id: Id;
  main_id: number;
  division_id: number | null;
  name: string;
  short_name: Generated<string>;
  logo: string | null;
  home_region: Generated<string>;
  founded: number | null;
}

export interface PlayersTable {
  id: Id;
  main_id: number;
  name: string;
  birth_date: string | null;
  gender: 'M' | 'F' | null;
  bats: 'R' | 'L' | 'S' | null;
  throws: 'R' | 'L' | null;
  position: Generated<string>;
  photo: string | null;
  user_id: number | null;
  /** when the personal fields were erased on the person's request (decision 148) */
  erased_at: Generated<string | null>;
}

export interface TeamPlayersTable {
  id: Id;
  team_id: number;
  player_id: number;
  back_number: number | null;
  from_date: string;
  to_date: string | null;
}

export interface CoachesTable {
  id: Id;
  main_id: number;
  name: string;
  birth_date: string | null;
  phone: string | null;
  photo: string | null;
  user_id: number | null;
  /** when the personal fields were erased on the person's request (decision 148) */
  erased_at: Generated<string | null>;
}

export type CoachRole = '감독' | '코치' | '단장';

export interface TeamCoachesTable {
  id: Id;
  team_id: number;
  coach_id: number;
  role: CoachRole;
  from_date: string;
  to_date: string | null;
}

/** 1 협회 관리자, 2 리그 운영자, 3 기록원 */
export type ManagerGrade = 1 | 2 | 3;

export interface LeagueManagersTable {
  id: Id;
  main_id: number;
  user_id: number;
  grade: ManagerGrade;
}
export interface TeamManagersTable {
  id: Id;
  team_id: number;
  user_id: number;
}
export interface BoardRolesTable {
  id: Id;
  main_id: number;
  board: string;
  user_id: number;
  role: 'read' | 'write' | 'admin';
}

export interface UploadsTable {
  id: Id;
  path: string;
  original_name: string;
  mime: string;
  size: number;
  sha256: string;
  created_by: number | null;
  created_at: Generated<string>;
  /** pixels of a picture; null for other files */
  width: Generated<number | null>;
  height: Generated<number | null>;
  /** the uploaded picture this file is another size or format of */
  variant_of: Generated<number | null>;
}

export interface SeasonsTable {
  id: Id;
  main_id: number;
  name: string;
  year: number;
  active: Generated<Flag>;
}

export type LeagueStatus = 'scheduled' | 'ongoing' | 'finished';
export type RankingMethod = 'pct' | 'points';

export interface LeaguesTable {
  id: Id;
  season_id: number;
  division_id: number | null;
  name: string;
  logo: string | null;
  start_date: string | null;
  end_date: string | null;
  status: Generated<LeagueStatus>;
  innings_per_game: Generated<number>;
  /** JSON: [{ afterInning, runs }] */
  run_ahead_rule: Generated<string>;
  ties_allowed: Generated<Flag>;
  ranking_method: Generated<RankingMethod>;
  points_win: Generated<number>;
  points_draw: Generated<number>;
  points_loss: Generated<number>;
  /** JSON array of TieBreaker codes, in order */
  tie_breakers: Generated<string>;
  era_basis: Generated<number>;
  qualify_pa_per_game: Generated<number>;
  qualify_ip_per_game: Generated<number>;
  schedule_upload_id: number | null;
}

export interface LeagueTeamsTable {
  id: Id;
  league_id: number;
  team_id: number;
}

export type RosterStatus = 'active' | 'suspended' | 'released';

export interface LeaguePlayersTable {
  id: Id;
  league_id: number;
  team_id: number;
  player_id: number;
  back_number: number | null;
  status: Generated<RosterStatus>;
  registered_on: string;
}

export interface LeagueCoachesTable {
  id: Id;
  league_id: number;
  team_id: number;
  coach_id: number;
  role: CoachRole;
}

export type GameStatus =
  | 'scheduled'
  | 'final'
  | 'postponed'
  | 'cancelled'
  | 'forfeit'
  | 'suspended';
export type GameStage = 'regular' | 'playoff' | 'final';

export interface GamesTable {
  id: Id;
  league_id: number;
  game_no: number;
  round: Generated<string>;
  stage: Generated<GameStage>;
  /** YYYY-MM-DD in Asia/Seoul */
  game_date: string;
  /** HH:MM in Asia/Seoul */
  game_time: string | null;
  venue: Generated<string>;
  home_team_id: number;
  away_team_id: number;
  status: Generated<GameStatus>;
  home_score: number | null;
  away_score: number | null;
  innings_played: number | null;
  forfeit_winner_team_id: number | null;
  win_pitcher_id: number | null;
  loss_pitcher_id: number | null;
  save_pitcher_id: number | null;
  mvp_player_id: number | null;
  notes: Generated<string>;
  updated_at: Generated<string>;
}

/** A game's plays in order, the lineups first (migration 014, decision 155). */
export interface GamePlaysTable {
  game_id: number;
  /** the event's place in the game's record, from 1 */
  seq: number;
  /** start: a starter of a lineup; play: a play in event notation; sub: a substitution; com: a comment */
  kind: 'start' | 'play' | 'sub' | 'com';
  /** the notation of a play, the text of a comment, or a lineup entry as JSON */
  data: string;
  entered_by: number | null;
  entered_at: Generated<string>;
}

/** A game's line score while it is played (migration 010, decision 149). */
export interface GameLiveTable {
  game_id: number;
  /** JSON list of the away team's runs per inning so far */
  away_runs: string;
  /** JSON list of the home team's runs per inning so far */
  home_runs: string;
  inning: number;
  half: 'top' | 'bottom';
  outs: number;
  away_hits: number | null;
  home_hits: number | null;
  away_errors: number | null;
  home_errors: number | null;
  /** the last sequence number applied: a resent one changes nothing */
  seq: Generated<number>;
  started_at: Generated<string>;
  updated_at: Generated<string>;
  ended_at: string | null;
}

/** top = away team bats, bottom = home team bats */
export interface GameInningsTable {
  game_id: number;
  inning: number;
  half: 'top' | 'bottom';
  runs: number;
}

export interface BattingCounts {
  pa: number;
  ab: number;
  r: number;
  h: number;
  b2: number;
  b3: number;
  hr: number;
  rbi: number;
  bb: number;
  hbp: number;
  so: number;
  sb: number;
  cs: number;
  sh: number;
  sf: number;
  e: number;
}

export interface GameBattingTable extends BattingCounts {
  id: Id;
  game_id: number;
  team_id: number;
  player_id: number;
  batting_order: number;
  seq: number;
  position: string;
  /** grounded into double plays (병살타) */
  gidp: Generated<number>;
  /** 1 for the game-winning RBI (결승타), one line per game at most */
  gwrbi: Generated<Flag>;
  /** innings of the line's events, a comma list ('3,5'); '' when not recorded */
  hr_innings: Generated<string>;
  b2_innings: Generated<string>;
  b3_innings: Generated<string>;
  sb_innings: Generated<string>;
  e_innings: Generated<string>;
  gidp_innings: Generated<string>;
}

export type PitchingDecision = 'W' | 'L' | 'S' | 'H';

export interface PitchingCounts {
  outs: number;
  bf: number;
  h: number;
  r: number;
  er: number;
  bb: number;
  hbp: number;
  so: number;
  hr: number;
  wp: number;
}

export interface GamePitchingTable extends PitchingCounts {
  id: Id;
  game_id: number;
  team_id: number;
  player_id: number;
  seq: number;
  decision: PitchingDecision | null;
}

export interface LeagueResultsTable {
  id: Id;
  league_id: number;
  team_id: number;
  rank: number;
  note: Generated<string>;
}

export interface LeagueAwardsTable {
  id: Id;
  league_id: number;
  award_name: string;
  player_id: number | null;
  team_id: number | null;
  note: Generated<string>;
}

export interface NoticesTable {
  wr_id: Id;
  main_id: number;
  title: string;
  body: Generated<string>;
  author_id: number | null;
  author_name: Generated<string>;
  pinned: Generated<Flag>;
  /** 1 while kept as a draft (임시 저장): not public */
  draft: Generated<Flag>;
  views: Generated<number>;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface NoticeAttachmentsTable {
  id: Id;
  wr_id: number;
  upload_id: number;
}

export interface AuditLogTable {
  id: Id;
  at: Generated<string>;
  user_id: number | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before_json: string | null;
  after_json: string | null;
}

/** The access record of personal data (migration 007, decision 146). */
export interface PersonalAccessLogTable {
  id: Id;
  at: string;
  user_id: number | null;
  account: string;
  address: string;
  action: AccessAction;
  /** JSON list of "kind:id" (player:12, coach:3, user:7) */
  subjects: string;
  reason: string | null;
  method: string;
  route: string;
  prev_hash: string;
  hash: string;
}

/** Where the chain of the access record starts after pruning: the last pruned row. */
export interface PersonalAccessAnchorTable {
  id: number;
  last_id: number;
  hash: string;
  pruned_at: string;
}

/** The monthly review of the access record: who checked a month (YYYY-MM) and when. */
export interface PersonalAccessReviewsTable {
  month: string;
  user_id: number | null;
  account: string;
  reviewed_at: string;
  note: string | null;
}

export interface PublishRunsTable {
  id: Id;
  reason: string;
  started_at: string;
  finished_at: string | null;
  pages: number | null;
  duration_ms: number | null;
  status: 'running' | 'success' | 'failed';
  error: string | null;
  /** pages the midnight check found changed with no change naming them; null when not checked */
  unnamed_pages: number | null;
  /** the first 20 of those pages, a JSON list of paths */
  unnamed_files: string | null;
  /** 1: the run renders every page; 0: the pages of named changes (migration 013) */
  whole: Generated<number>;
}

export type Row<T extends keyof Database> = Selectable<Database[T]>;
export type NewRow<T extends keyof Database> = Insertable<Database[T]>;
export type RowUpdate<T extends keyof Database> = Updateable<Database[T]>;
