/** The whole domain model of DESIGN.md §4, with the invariants the database itself can hold. */
import { nowIso } from '../postgres-text.ts';

export const name = '001-initial';

export const sql = /* sql */ `
CREATE TABLE league_main (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  path TEXT NOT NULL UNIQUE CHECK (length(path) BETWEEN 1 AND 40),
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  short_name TEXT NOT NULL DEFAULT '',
  logo TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);

CREATE TABLE users (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,
  username TEXT NOT NULL,
  nickname TEXT NOT NULL DEFAULT '',
  phone TEXT,
  photo TEXT,
  gender TEXT CHECK (gender IN ('M','F')),
  birthday TEXT,
  is_admin INTEGER NOT NULL DEFAULT 0 CHECK (is_admin IN (0,1)),
  disabled INTEGER NOT NULL DEFAULT 0 CHECK (disabled IN (0,1)),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);

CREATE TABLE refresh_tokens (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash TEXT NOT NULL UNIQUE,
  family TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  absolute_expires_at TEXT NOT NULL,
  revoked_at TEXT,
  replaced_by INTEGER REFERENCES refresh_tokens(id) ON DELETE SET NULL,
  rotated_at TEXT
);
CREATE INDEX refresh_tokens_family ON refresh_tokens(family);

CREATE TABLE divisions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  main_id INTEGER NOT NULL REFERENCES league_main(id) ON DELETE RESTRICT,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 50),
  sort_order INTEGER NOT NULL DEFAULT 0,
  UNIQUE (main_id, name)
);

CREATE TABLE teams (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  main_id INTEGER NOT NULL REFERENCES league_main(id) ON DELETE RESTRICT,
  division_id INTEGER REFERENCES divisions(id) ON DELETE RESTRICT,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 50),
  short_name TEXT NOT NULL DEFAULT '',
  logo TEXT,
  home_region TEXT NOT NULL DEFAULT '',
  founded INTEGER CHECK (founded IS NULL OR founded BETWEEN 1900 AND 2100),
  UNIQUE (main_id, name)
);

CREATE TABLE players (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  main_id INTEGER NOT NULL REFERENCES league_main(id) ON DELETE RESTRICT,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 50),
  birth_date TEXT,
  gender TEXT CHECK (gender IN ('M','F')),
  bats TEXT CHECK (bats IN ('R','L','S')),
  throws TEXT CHECK (throws IN ('R','L')),
  position TEXT NOT NULL DEFAULT '',
  photo TEXT,
  user_id INTEGER REFERENCES users(id) ON DELETE SET NULL
);
CREATE INDEX players_user ON players(user_id);

CREATE TABLE team_players (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  team_id INTEGER NOT NULL REFERENCES teams(id) ON DELETE RESTRICT,
  player_id INTEGER NOT NULL REFERENCES players(id) ON DELETE RESTRICT,
  back_number INTEGER CHECK (back_number IS NULL OR back_number BETWEEN 0 AND 999),
  from_date TEXT NOT NULL,
  to_date TEXT,
  CHECK (to_date IS NULL OR to_date >= from_date)
);
CREATE INDEX team_players_team ON team_players(team_id);
CREATE INDEX team_players_player ON team_players(player_id);

CREATE TABLE coaches (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  main_id INTEGER NOT NULL REFERENCES league_main(id) ON DELETE RESTRICT,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 50),
  birth_date TEXT,
  phone TEXT,
  photo TEXT,
  user_id INTEGER REFERENCES users(id) ON DELETE SET NULL
);

CREATE INDEX coaches_user ON coaches(user_id);
-- one player record per user account in an association
CREATE UNIQUE INDEX players_one_per_user ON players(main_id, user_id) WHERE user_id IS NOT NULL;

CREATE TABLE team_coaches (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  team_id INTEGER NOT NULL REFERENCES teams(id) ON DELETE RESTRICT,
  coach_id INTEGER NOT NULL REFERENCES coaches(id) ON DELETE RESTRICT,
  role TEXT NOT NULL CHECK (role IN ('감독','코치','단장')),
  from_date TEXT NOT NULL,
  to_date TEXT,
  CHECK (to_date IS NULL OR to_date >= from_date)
);
CREATE INDEX team_coaches_team ON team_coaches(team_id);
CREATE INDEX team_coaches_coach ON team_coaches(coach_id);

CREATE TABLE league_managers (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  main_id INTEGER NOT NULL REFERENCES league_main(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  grade INTEGER NOT NULL CHECK (grade IN (1,2,3)),
  UNIQUE (main_id, user_id)
);

CREATE TABLE team_managers (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  team_id INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  UNIQUE (team_id, user_id)
);

CREATE TABLE board_roles (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  main_id INTEGER NOT NULL REFERENCES league_main(id) ON DELETE CASCADE,
  board TEXT NOT NULL,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('read','write','admin')),
  UNIQUE (main_id, board, user_id)
);

CREATE TABLE uploads (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  path TEXT NOT NULL UNIQUE,
  original_name TEXT NOT NULL,
  mime TEXT NOT NULL,
  size INTEGER NOT NULL CHECK (size >= 0),
  sha256 TEXT NOT NULL,
  created_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);

CREATE TABLE seasons (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  main_id INTEGER NOT NULL REFERENCES league_main(id) ON DELETE RESTRICT,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 50),
  year INTEGER NOT NULL CHECK (year BETWEEN 2000 AND 2100),
  active INTEGER NOT NULL DEFAULT 0 CHECK (active IN (0,1)),
  UNIQUE (main_id, name)
);
-- At most one active season per association; the services keep it at exactly one.
CREATE UNIQUE INDEX seasons_one_active ON seasons(main_id) WHERE active = 1;

CREATE TABLE leagues (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  season_id INTEGER NOT NULL REFERENCES seasons(id) ON DELETE RESTRICT,
  division_id INTEGER REFERENCES divisions(id) ON DELETE RESTRICT,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  logo TEXT,
  start_date TEXT,
  end_date TEXT,
  status TEXT NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled','ongoing','finished')),
  innings_per_game INTEGER NOT NULL DEFAULT 7 CHECK (innings_per_game BETWEEN 1 AND 12),
  run_ahead_rule TEXT NOT NULL DEFAULT '[{"afterInning":3,"runs":15},{"afterInning":4,"runs":10},{"afterInning":5,"runs":7}]',
  ties_allowed INTEGER NOT NULL DEFAULT 1 CHECK (ties_allowed IN (0,1)),
  ranking_method TEXT NOT NULL DEFAULT 'pct' CHECK (ranking_method IN ('pct','points')),
  points_win INTEGER NOT NULL DEFAULT 2,
  points_draw INTEGER NOT NULL DEFAULT 1,
  points_loss INTEGER NOT NULL DEFAULT 0,
  tie_breakers TEXT NOT NULL DEFAULT '["h2h","tqb","er_tqb","avg","lots"]',
  era_basis INTEGER NOT NULL DEFAULT 7 CHECK (era_basis BETWEEN 1 AND 12),
  qualify_pa_per_game REAL NOT NULL DEFAULT 2.0 CHECK (qualify_pa_per_game >= 0),
  qualify_ip_per_game REAL NOT NULL DEFAULT 1.0 CHECK (qualify_ip_per_game >= 0),
  schedule_upload_id INTEGER REFERENCES uploads(id) ON DELETE SET NULL,
  CHECK (end_date IS NULL OR start_date IS NULL OR end_date >= start_date),
  UNIQUE (season_id, name)
);

CREATE TABLE league_teams (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  league_id INTEGER NOT NULL REFERENCES leagues(id) ON DELETE RESTRICT,
  team_id INTEGER NOT NULL REFERENCES teams(id) ON DELETE RESTRICT,
  UNIQUE (league_id, team_id)
);

CREATE TABLE league_players (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  league_id INTEGER NOT NULL,
  team_id INTEGER NOT NULL,
  player_id INTEGER NOT NULL REFERENCES players(id) ON DELETE RESTRICT,
  back_number INTEGER CHECK (back_number IS NULL OR back_number BETWEEN 0 AND 999),
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active','suspended','released')),
  registered_on TEXT NOT NULL,
  FOREIGN KEY (league_id, team_id) REFERENCES league_teams(league_id, team_id) ON DELETE RESTRICT,
  -- one team per player in a league, one back number per team
  UNIQUE (league_id, player_id),
  UNIQUE (league_id, team_id, back_number)
);
CREATE INDEX league_players_team ON league_players(league_id, team_id);
CREATE INDEX league_players_player ON league_players(player_id);

CREATE TABLE league_coaches (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  league_id INTEGER NOT NULL,
  team_id INTEGER NOT NULL,
  coach_id INTEGER NOT NULL REFERENCES coaches(id) ON DELETE RESTRICT,
  role TEXT NOT NULL CHECK (role IN ('감독','코치','단장')),
  FOREIGN KEY (league_id, team_id) REFERENCES league_teams(league_id, team_id) ON DELETE RESTRICT,
  UNIQUE (league_id, team_id, coach_id)
);

CREATE TABLE games (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  league_id INTEGER NOT NULL REFERENCES leagues(id) ON DELETE RESTRICT,
  game_no INTEGER NOT NULL CHECK (game_no >= 1),
  round TEXT NOT NULL DEFAULT '',
  stage TEXT NOT NULL DEFAULT 'regular' CHECK (stage IN ('regular','playoff','final')),
  game_date TEXT NOT NULL,
  game_time TEXT,
  venue TEXT NOT NULL DEFAULT '',
  home_team_id INTEGER NOT NULL,
  away_team_id INTEGER NOT NULL,
  status TEXT NOT NULL DEFAULT 'scheduled'
    CHECK (status IN ('scheduled','final','postponed','cancelled','forfeit','suspended')),
  home_score INTEGER CHECK (home_score IS NULL OR home_score >= 0),
  away_score INTEGER CHECK (away_score IS NULL OR away_score >= 0),
  innings_played INTEGER CHECK (innings_played IS NULL OR innings_played BETWEEN 1 AND 30),
  forfeit_winner_team_id INTEGER,
  win_pitcher_id INTEGER REFERENCES players(id) ON DELETE RESTRICT,
  loss_pitcher_id INTEGER REFERENCES players(id) ON DELETE RESTRICT,
  save_pitcher_id INTEGER REFERENCES players(id) ON DELETE RESTRICT,
  mvp_player_id INTEGER REFERENCES players(id) ON DELETE RESTRICT,
  notes TEXT NOT NULL DEFAULT '',
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  FOREIGN KEY (league_id, home_team_id) REFERENCES league_teams(league_id, team_id) ON DELETE RESTRICT,
  FOREIGN KEY (league_id, away_team_id) REFERENCES league_teams(league_id, team_id) ON DELETE RESTRICT,
  CHECK (home_team_id <> away_team_id),
  CHECK (status NOT IN ('final','forfeit') OR (home_score IS NOT NULL AND away_score IS NOT NULL)),
  CHECK (forfeit_winner_team_id IS NULL OR forfeit_winner_team_id IN (home_team_id, away_team_id)),
  CHECK (status <> 'forfeit' OR forfeit_winner_team_id IS NOT NULL),
  UNIQUE (league_id, game_no)
);
CREATE INDEX games_date ON games(game_date);
CREATE INDEX games_home ON games(home_team_id);
CREATE INDEX games_away ON games(away_team_id);

CREATE TABLE game_innings (
  game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  inning INTEGER NOT NULL CHECK (inning BETWEEN 1 AND 30),
  half TEXT NOT NULL CHECK (half IN ('top','bottom')),
  runs INTEGER NOT NULL CHECK (runs BETWEEN 0 AND 99),
  PRIMARY KEY (game_id, inning, half)
);

CREATE TABLE game_batting (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  team_id INTEGER NOT NULL REFERENCES teams(id) ON DELETE RESTRICT,
  player_id INTEGER NOT NULL REFERENCES players(id) ON DELETE RESTRICT,
  batting_order INTEGER NOT NULL CHECK (batting_order BETWEEN 1 AND 15),
  seq INTEGER NOT NULL DEFAULT 1 CHECK (seq >= 1),
  position TEXT NOT NULL DEFAULT '',
  pa INTEGER NOT NULL DEFAULT 0 CHECK (pa >= 0),
  ab INTEGER NOT NULL DEFAULT 0 CHECK (ab >= 0),
  r INTEGER NOT NULL DEFAULT 0 CHECK (r >= 0),
  h INTEGER NOT NULL DEFAULT 0 CHECK (h >= 0),
  b2 INTEGER NOT NULL DEFAULT 0 CHECK (b2 >= 0),
  b3 INTEGER NOT NULL DEFAULT 0 CHECK (b3 >= 0),
  hr INTEGER NOT NULL DEFAULT 0 CHECK (hr >= 0),
  rbi INTEGER NOT NULL DEFAULT 0 CHECK (rbi >= 0),
  bb INTEGER NOT NULL DEFAULT 0 CHECK (bb >= 0),
  hbp INTEGER NOT NULL DEFAULT 0 CHECK (hbp >= 0),
  so INTEGER NOT NULL DEFAULT 0 CHECK (so >= 0),
  sb INTEGER NOT NULL DEFAULT 0 CHECK (sb >= 0),
  cs INTEGER NOT NULL DEFAULT 0 CHECK (cs >= 0),
  sh INTEGER NOT NULL DEFAULT 0 CHECK (sh >= 0),
  sf INTEGER NOT NULL DEFAULT 0 CHECK (sf >= 0),
  e INTEGER NOT NULL DEFAULT 0 CHECK (e >= 0),
  CHECK (h <= ab),
  CHECK (b2 + b3 + hr <= h),
  CHECK (so <= ab),
  CHECK (ab + bb + hbp + sh + sf <= pa),
  UNIQUE (game_id, player_id)
);
CREATE INDEX game_batting_player ON game_batting(player_id);

CREATE TABLE game_pitching (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  team_id INTEGER NOT NULL REFERENCES teams(id) ON DELETE RESTRICT,
  player_id INTEGER NOT NULL REFERENCES players(id) ON DELETE RESTRICT,
  seq INTEGER NOT NULL DEFAULT 1 CHECK (seq >= 1),
  outs INTEGER NOT NULL DEFAULT 0 CHECK (outs BETWEEN 0 AND 90),
  bf INTEGER NOT NULL DEFAULT 0 CHECK (bf >= 0),
  h INTEGER NOT NULL DEFAULT 0 CHECK (h >= 0),
  r INTEGER NOT NULL DEFAULT 0 CHECK (r >= 0),
  er INTEGER NOT NULL DEFAULT 0 CHECK (er >= 0),
  bb INTEGER NOT NULL DEFAULT 0 CHECK (bb >= 0),
  hbp INTEGER NOT NULL DEFAULT 0 CHECK (hbp >= 0),
  so INTEGER NOT NULL DEFAULT 0 CHECK (so >= 0),
  hr INTEGER NOT NULL DEFAULT 0 CHECK (hr >= 0),
  wp INTEGER NOT NULL DEFAULT 0 CHECK (wp >= 0),
  decision TEXT CHECK (decision IN ('W','L','S','H')),
  CHECK (er <= r),
  CHECK (hr <= h),
  CHECK (h + bb + hbp <= bf),
  UNIQUE (game_id, player_id)
);
CREATE INDEX game_pitching_player ON game_pitching(player_id);

CREATE TABLE league_results (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  league_id INTEGER NOT NULL,
  team_id INTEGER NOT NULL,
  rank INTEGER NOT NULL CHECK (rank BETWEEN 1 AND 999),
  note TEXT NOT NULL DEFAULT '',
  FOREIGN KEY (league_id, team_id) REFERENCES league_teams(league_id, team_id) ON DELETE RESTRICT,
  UNIQUE (league_id, team_id)
);

CREATE TABLE league_awards (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  league_id INTEGER NOT NULL REFERENCES leagues(id) ON DELETE RESTRICT,
  award_name TEXT NOT NULL CHECK (length(award_name) BETWEEN 1 AND 50),
  player_id INTEGER REFERENCES players(id) ON DELETE RESTRICT,
  team_id INTEGER REFERENCES teams(id) ON DELETE RESTRICT,
  note TEXT NOT NULL DEFAULT '',
  CHECK (player_id IS NOT NULL OR team_id IS NOT NULL)
);

CREATE TABLE notices (
  wr_id INTEGER PRIMARY KEY AUTOINCREMENT,
  main_id INTEGER NOT NULL REFERENCES league_main(id) ON DELETE RESTRICT,
  title TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  body TEXT NOT NULL DEFAULT '',
  author_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  author_name TEXT NOT NULL DEFAULT '',
  pinned INTEGER NOT NULL DEFAULT 0 CHECK (pinned IN (0,1)),
  views INTEGER NOT NULL DEFAULT 0 CHECK (views >= 0),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);

CREATE TABLE notice_attachments (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  wr_id INTEGER NOT NULL REFERENCES notices(wr_id) ON DELETE CASCADE,
  upload_id INTEGER NOT NULL REFERENCES uploads(id) ON DELETE RESTRICT,
  UNIQUE (wr_id, upload_id)
);

CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  action TEXT NOT NULL,
  entity TEXT NOT NULL,
  entity_id TEXT,
  before_json TEXT,
  after_json TEXT
);
CREATE INDEX audit_log_at ON audit_log(at);

CREATE TABLE publish_runs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  reason TEXT NOT NULL,
  started_at TEXT NOT NULL,
  finished_at TEXT,
  pages INTEGER,
  duration_ms INTEGER,
  status TEXT NOT NULL CHECK (status IN ('running','success','failed')),
  error TEXT
);
`;

/**
 * The same schema on PostgreSQL: identity columns for AUTOINCREMENT, citext for the e-mail's
 * COLLATE NOCASE (equal and unique whatever the case, as on SQLite), double precision for REAL.
 */
export const postgres = /* sql */ `
CREATE EXTENSION IF NOT EXISTS citext;
CREATE TABLE league_main (
  id INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  path TEXT NOT NULL UNIQUE CHECK (length(path) BETWEEN 1 AND 40),
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  short_name TEXT NOT NULL DEFAULT '',
  logo TEXT,
  created_at TEXT NOT NULL DEFAULT ${nowIso}
);

CREATE TABLE users (
  id INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  email CITEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  username TEXT NOT NULL,
  nickname TEXT NOT NULL DEFAULT '',
  phone TEXT,
  photo TEXT,
  gender TEXT CHECK (gender IN ('M','F')),
  birthday TEXT,
  is_admin INTEGER NOT NULL DEFAULT 0 CHECK (is_admin IN (0,1)),
  disabled INTEGER NOT NULL DEFAULT 0 CHECK (disabled IN (0,1)),
  created_at TEXT NOT NULL DEFAULT ${nowIso},
  updated_at TEXT NOT NULL DEFAULT ${nowIso}
);

CREATE TABLE refresh_tokens (
  id INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash TEXT NOT NULL UNIQUE,
  family TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  absolute_expires_at TEXT NOT NULL,
  revoked_at TEXT,
  replaced_by INTEGER REFERENCES refresh_tokens(id) ON DELETE SET NULL,
  rotated_at TEXT
);
CREATE INDEX refresh_tokens_family ON refresh_tokens(family);

CREATE TABLE divisions (
  id INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  main_id INTEGER NOT NULL REFERENCES league_main(id) ON DELETE RESTRICT,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 50),
  sort_order INTEGER NOT NULL DEFAULT 0,
  UNIQUE (main_id, name)
);

CREATE TABLE teams (
  id INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  main_id INTEGER NOT NULL REFERENCES league_main(id) ON DELETE RESTRICT,
  division_id INTEGER REFERENCES divisions(id) ON DELETE RESTRICT,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 50),
  short_name TEXT NOT NULL DEFAULT '',
  logo TEXT,
  home_region TEXT NOT NULL DEFAULT '',
  founded INTEGER CHECK (founded IS NULL OR founded BETWEEN 1900 AND 2100),
  UNIQUE (main_id, name)
);

CREATE TABLE players (
  id INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  main_id INTEGER NOT NULL REFERENCES league_main(id) ON DELETE RESTRICT,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 50),
  birth_date TEXT,
  gender TEXT CHECK (gender IN ('M','F')),
  bats TEXT CHECK (bats IN ('R','L','S')),
  throws TEXT CHECK (throws IN ('R','L')),
  position TEXT NOT NULL DEFAULT '',
  photo TEXT,
  user_id INTEGER REFERENCES users(id) ON DELETE SET NULL
);
CREATE INDEX players_user ON players(user_id);

CREATE TABLE team_players (
  id INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  team_id INTEGER NOT NULL REFERENCES teams(id) ON DELETE RESTRICT,
  player_id INTEGER NOT NULL REFERENCES players(id) ON DELETE RESTRICT,
  back_number INTEGER CHECK (back_number IS NULL OR back_number BETWEEN 0 AND 999),
  from_date TEXT NOT NULL,
  to_date TEXT,
  CHECK (to_date IS NULL OR to_date >= from_date)
);
CREATE INDEX team_players_team ON team_players(team_id);
CREATE INDEX team_players_player ON team_players(player_id);

CREATE TABLE coaches (
  id INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  main_id INTEGER NOT NULL REFERENCES league_main(id) ON DELETE RESTRICT,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 50),
  birth_date TEXT,
  phone TEXT,
  photo TEXT,
  user_id INTEGER REFERENCES users(id) ON DELETE SET NULL
);

CREATE INDEX coaches_user ON coaches(user_id);
-- one player record per user account in an association
CREATE UNIQUE INDEX players_one_per_user ON players(main_id, user_id) WHERE user_id IS NOT NULL;

CREATE TABLE team_coaches (
  id INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  team_id INTEGER NOT NULL REFERENCES teams(id) ON DELETE RESTRICT,
  coach_id INTEGER NOT NULL REFERENCES coaches(id) ON DELETE RESTRICT,
  role TEXT NOT NULL CHECK (role IN ('감독','코치','단장')),
  from_date TEXT NOT NULL,
  to_date TEXT,
  CHECK (to_date IS NULL OR to_date >= from_date)
);
CREATE INDEX team_coaches_team ON team_coaches(team_id);
CREATE INDEX team_coaches_coach ON team_coaches(coach_id);

CREATE TABLE league_managers (
  id INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  main_id INTEGER NOT NULL REFERENCES league_main(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  grade INTEGER NOT NULL CHECK (grade IN (1,2,3)),
  UNIQUE (main_id, user_id)
);

CREATE TABLE team_managers (
  id INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  team_id INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  UNIQUE (team_id, user_id)
);

CREATE TABLE board_roles (
  id INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  main_id INTEGER NOT NULL REFERENCES league_main(id) ON DELETE CASCADE,
  board TEXT NOT NULL,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('read','write','admin')),
  UNIQUE (main_id, board, user_id)
);

CREATE TABLE uploads (
  id INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  path TEXT NOT NULL UNIQUE,
  original_name TEXT NOT NULL,
  mime TEXT NOT NULL,
  size BIGINT NOT NULL CHECK (size >= 0),
  sha256 TEXT NOT NULL,
  created_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
  created_at TEXT NOT NULL DEFAULT ${nowIso}
);

CREATE TABLE seasons (
  id INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  main_id INTEGER NOT NULL REFERENCES league_main(id) ON DELETE RESTRICT,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 50),
  year INTEGER NOT NULL CHECK (year BETWEEN 2000 AND 2100),
  active INTEGER NOT NULL DEFAULT 0 CHECK (active IN (0,1)),
  UNIQUE (main_id, name)
);
-- At most one active season per association; the services keep it at exactly one.
CREATE UNIQUE INDEX seasons_one_active ON seasons(main_id) WHERE active = 1;

CREATE TABLE leagues (
  id INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  season_id INTEGER NOT NULL REFERENCES seasons(id) ON DELETE RESTRICT,
  division_id INTEGER REFERENCES divisions(id) ON DELETE RESTRICT,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  logo TEXT,
  start_date TEXT,
  end_date TEXT,
  status TEXT NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled','ongoing','finished')),
  innings_per_game INTEGER NOT NULL DEFAULT 7 CHECK (innings_per_game BETWEEN 1 AND 12),
  run_ahead_rule TEXT NOT NULL DEFAULT '[{"afterInning":3,"runs":15},{"afterInning":4,"runs":10},{"afterInning":5,"runs":7}]',
  ties_allowed INTEGER NOT NULL DEFAULT 1 CHECK (ties_allowed IN (0,1)),
  ranking_method TEXT NOT NULL DEFAULT 'pct' CHECK (ranking_method IN ('pct','points')),
  points_win INTEGER NOT NULL DEFAULT 2,
  points_draw INTEGER NOT NULL DEFAULT 1,
  points_loss INTEGER NOT NULL DEFAULT 0,
  tie_breakers TEXT NOT NULL DEFAULT '["h2h","tqb","er_tqb","avg","lots"]',
  era_basis INTEGER NOT NULL DEFAULT 7 CHECK (era_basis BETWEEN 1 AND 12),
  qualify_pa_per_game DOUBLE PRECISION NOT NULL DEFAULT 2.0 CHECK (qualify_pa_per_game >= 0),
  qualify_ip_per_game DOUBLE PRECISION NOT NULL DEFAULT 1.0 CHECK (qualify_ip_per_game >= 0),
  schedule_upload_id INTEGER REFERENCES uploads(id) ON DELETE SET NULL,
  CHECK (end_date IS NULL OR start_date IS NULL OR end_date >= start_date),
  UNIQUE (season_id, name)
);

CREATE TABLE league_teams (
  id INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  league_id INTEGER NOT NULL REFERENCES leagues(id) ON DELETE RESTRICT,
  team_id INTEGER NOT NULL REFERENCES teams(id) ON DELETE RESTRICT,
  UNIQUE (league_id, team_id)
);

CREATE TABLE league_players (
  id INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  league_id INTEGER NOT NULL,
  team_id INTEGER NOT NULL,
  player_id INTEGER NOT NULL REFERENCES players(id) ON DELETE RESTRICT,
  back_number INTEGER CHECK (back_number IS NULL OR back_number BETWEEN 0 AND 999),
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active','suspended','released')),
  registered_on TEXT NOT NULL,
  FOREIGN KEY (league_id, team_id) REFERENCES league_teams(league_id, team_id) ON DELETE RESTRICT,
  -- one team per player in a league, one back number per team
  UNIQUE (league_id, player_id),
  UNIQUE (league_id, team_id, back_number)
);
CREATE INDEX league_players_team ON league_players(league_id, team_id);
CREATE INDEX league_players_player ON league_players(player_id);

CREATE TABLE league_coaches (
  id INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  league_id INTEGER NOT NULL,
  team_id INTEGER NOT NULL,
  coach_id INTEGER NOT NULL REFERENCES coaches(id) ON DELETE RESTRICT,
  role TEXT NOT NULL CHECK (role IN ('감독','코치','단장')),
  FOREIGN KEY (league_id, team_id) REFERENCES league_teams(league_id, team_id) ON DELETE RESTRICT,
  UNIQUE (league_id, team_id, coach_id)
);

CREATE TABLE games (
  id INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  league_id INTEGER NOT NULL REFERENCES leagues(id) ON DELETE RESTRICT,
  game_no INTEGER NOT NULL CHECK (game_no >= 1),
  round TEXT NOT NULL DEFAULT '',
  stage TEXT NOT NULL DEFAULT 'regular' CHECK (stage IN ('regular','playoff','final')),
  game_date TEXT NOT NULL,
  game_time TEXT,
  venue TEXT NOT NULL DEFAULT '',
  home_team_id INTEGER NOT NULL,
  away_team_id INTEGER NOT NULL,
  status TEXT NOT NULL DEFAULT 'scheduled'
    CHECK (status IN ('scheduled','final','postponed','cancelled','forfeit','suspended')),
  home_score INTEGER CHECK (home_score IS NULL OR home_score >= 0),
  away_score INTEGER CHECK (away_score IS NULL OR away_score >= 0),
  innings_played INTEGER CHECK (innings_played IS NULL OR innings_played BETWEEN 1 AND 30),
  forfeit_winner_team_id INTEGER,
  win_pitcher_id INTEGER REFERENCES players(id) ON DELETE RESTRICT,
  loss_pitcher_id INTEGER REFERENCES players(id) ON DELETE RESTRICT,
  save_pitcher_id INTEGER REFERENCES players(id) ON DELETE RESTRICT,
  mvp_player_id INTEGER REFERENCES players(id) ON DELETE RESTRICT,
  notes TEXT NOT NULL DEFAULT '',
  updated_at TEXT NOT NULL DEFAULT ${nowIso},
  FOREIGN KEY (league_id, home_team_id) REFERENCES league_teams(league_id, team_id) ON DELETE RESTRICT,
  FOREIGN KEY (league_id, away_team_id) REFERENCES league_teams(league_id, team_id) ON DELETE RESTRICT,
  CHECK (home_team_id <> away_team_id),
  CHECK (status NOT IN ('final','forfeit') OR (home_score IS NOT NULL AND away_score IS NOT NULL)),
  CHECK (forfeit_winner_team_id IS NULL OR forfeit_winner_team_id IN (home_team_id, away_team_id)),
  CHECK (status <> 'forfeit' OR forfeit_winner_team_id IS NOT NULL),
  UNIQUE (league_id, game_no)
);
CREATE INDEX games_date ON games(game_date);
CREATE INDEX games_home ON games(home_team_id);
CREATE INDEX games_away ON games(away_team_id);

CREATE TABLE game_innings (
  game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  inning INTEGER NOT NULL CHECK (inning BETWEEN 1 AND 30),
  half TEXT NOT NULL CHECK (half IN ('top','bottom')),
  runs INTEGER NOT NULL CHECK (runs BETWEEN 0 AND 99),
  PRIMARY KEY (game_id, inning, half)
);

CREATE TABLE game_batting (
  id INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  team_id INTEGER NOT NULL REFERENCES teams(id) ON DELETE RESTRICT,
  player_id INTEGER NOT NULL REFERENCES players(id) ON DELETE RESTRICT,
  batting_order INTEGER NOT NULL CHECK (batting_order BETWEEN 1 AND 15),
  seq INTEGER NOT NULL DEFAULT 1 CHECK (seq >= 1),
  position TEXT NOT NULL DEFAULT '',
  pa INTEGER NOT NULL DEFAULT 0 CHECK (pa >= 0),
  ab INTEGER NOT NULL DEFAULT 0 CHECK (ab >= 0),
  r INTEGER NOT NULL DEFAULT 0 CHECK (r >= 0),
  h INTEGER NOT NULL DEFAULT 0 CHECK (h >= 0),
  b2 INTEGER NOT NULL DEFAULT 0 CHECK (b2 >= 0),
  b3 INTEGER NOT NULL DEFAULT 0 CHECK (b3 >= 0),
  hr INTEGER NOT NULL DEFAULT 0 CHECK (hr >= 0),
  rbi INTEGER NOT NULL DEFAULT 0 CHECK (rbi >= 0),
  bb INTEGER NOT NULL DEFAULT 0 CHECK (bb >= 0),
  hbp INTEGER NOT NULL DEFAULT 0 CHECK (hbp >= 0),
  so INTEGER NOT NULL DEFAULT 0 CHECK (so >= 0),
  sb INTEGER NOT NULL DEFAULT 0 CHECK (sb >= 0),
  cs INTEGER NOT NULL DEFAULT 0 CHECK (cs >= 0),
  sh INTEGER NOT NULL DEFAULT 0 CHECK (sh >= 0),
  sf INTEGER NOT NULL DEFAULT 0 CHECK (sf >= 0),
  e INTEGER NOT NULL DEFAULT 0 CHECK (e >= 0),
  CHECK (h <= ab),
  CHECK (b2 + b3 + hr <= h),
  CHECK (so <= ab),
  CHECK (ab + bb + hbp + sh + sf <= pa),
  UNIQUE (game_id, player_id)
);
CREATE INDEX game_batting_player ON game_batting(player_id);

CREATE TABLE game_pitching (
  id INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  team_id INTEGER NOT NULL REFERENCES teams(id) ON DELETE RESTRICT,
  player_id INTEGER NOT NULL REFERENCES players(id) ON DELETE RESTRICT,
  seq INTEGER NOT NULL DEFAULT 1 CHECK (seq >= 1),
  outs INTEGER NOT NULL DEFAULT 0 CHECK (outs BETWEEN 0 AND 90),
  bf INTEGER NOT NULL DEFAULT 0 CHECK (bf >= 0),
  h INTEGER NOT NULL DEFAULT 0 CHECK (h >= 0),
  r INTEGER NOT NULL DEFAULT 0 CHECK (r >= 0),
  er INTEGER NOT NULL DEFAULT 0 CHECK (er >= 0),
  bb INTEGER NOT NULL DEFAULT 0 CHECK (bb >= 0),
  hbp INTEGER NOT NULL DEFAULT 0 CHECK (hbp >= 0),
  so INTEGER NOT NULL DEFAULT 0 CHECK (so >= 0),
  hr INTEGER NOT NULL DEFAULT 0 CHECK (hr >= 0),
  wp INTEGER NOT NULL DEFAULT 0 CHECK (wp >= 0),
  decision TEXT CHECK (decision IN ('W','L','S','H')),
  CHECK (er <= r),
  CHECK (hr <= h),
  CHECK (h + bb + hbp <= bf),
  UNIQUE (game_id, player_id)
);
CREATE INDEX game_pitching_player ON game_pitching(player_id);

CREATE TABLE league_results (
  id INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  league_id INTEGER NOT NULL,
  team_id INTEGER NOT NULL,
  rank INTEGER NOT NULL CHECK (rank BETWEEN 1 AND 999),
  note TEXT NOT NULL DEFAULT '',
  FOREIGN KEY (league_id, team_id) REFERENCES league_teams(league_id, team_id) ON DELETE RESTRICT,
  UNIQUE (league_id, team_id)
);

CREATE TABLE league_awards (
  id INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  league_id INTEGER NOT NULL REFERENCES leagues(id) ON DELETE RESTRICT,
  award_name TEXT NOT NULL CHECK (length(award_name) BETWEEN 1 AND 50),
  player_id INTEGER REFERENCES players(id) ON DELETE RESTRICT,
  team_id INTEGER REFERENCES teams(id) ON DELETE RESTRICT,
  note TEXT NOT NULL DEFAULT '',
  CHECK (player_id IS NOT NULL OR team_id IS NOT NULL)
);

CREATE TABLE notices (
  wr_id INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  main_id INTEGER NOT NULL REFERENCES league_main(id) ON DELETE RESTRICT,
  title TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  body TEXT NOT NULL DEFAULT '',
  author_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  author_name TEXT NOT NULL DEFAULT '',
  pinned INTEGER NOT NULL DEFAULT 0 CHECK (pinned IN (0,1)),
  views INTEGER NOT NULL DEFAULT 0 CHECK (views >= 0),
  created_at TEXT NOT NULL DEFAULT ${nowIso},
  updated_at TEXT NOT NULL DEFAULT ${nowIso}
);

CREATE TABLE notice_attachments (
  id INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  wr_id INTEGER NOT NULL REFERENCES notices(wr_id) ON DELETE CASCADE,
  upload_id INTEGER NOT NULL REFERENCES uploads(id) ON DELETE RESTRICT,
  UNIQUE (wr_id, upload_id)
);

CREATE TABLE audit_log (
  id INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  at TEXT NOT NULL DEFAULT ${nowIso},
  user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  action TEXT NOT NULL,
  entity TEXT NOT NULL,
  entity_id TEXT,
  before_json TEXT,
  after_json TEXT
);
CREATE INDEX audit_log_at ON audit_log(at);

CREATE TABLE publish_runs (
  id INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  reason TEXT NOT NULL,
  started_at TEXT NOT NULL,
  finished_at TEXT,
  pages INTEGER,
  duration_ms INTEGER,
  status TEXT NOT NULL CHECK (status IN ('running','success','failed')),
  error TEXT
);
`;
