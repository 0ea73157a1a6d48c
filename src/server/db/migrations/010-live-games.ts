/**
 * A game's line score as a scorer sends it while the game is played (decision 149): one row per
 * game, the runs of each half-inning so far as JSON lists, where the game stands (inning, half,
 * outs), the hits and errors when given, and the last sequence number applied, so a tap resent
 * after a lost answer is applied once. `ended_at` is set when the scorer ends the game; the row is
 * kept so the record screen opens with what was entered. A game's row goes with the game.
 */
import { nowIso } from '../postgres-text.ts';

export const name = '010-live-games';

export const sql = /* sql */ `
CREATE TABLE game_live (
  game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
  away_runs TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(away_runs) AND json_type(away_runs) = 'array'),
  home_runs TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(home_runs) AND json_type(home_runs) = 'array'),
  inning INTEGER NOT NULL CHECK (inning BETWEEN 1 AND 30),
  half TEXT NOT NULL CHECK (half IN ('top','bottom')),
  outs INTEGER NOT NULL CHECK (outs BETWEEN 0 AND 2),
  away_hits INTEGER CHECK (away_hits IS NULL OR away_hits >= 0),
  home_hits INTEGER CHECK (home_hits IS NULL OR home_hits >= 0),
  away_errors INTEGER CHECK (away_errors IS NULL OR away_errors >= 0),
  home_errors INTEGER CHECK (home_errors IS NULL OR home_errors >= 0),
  seq INTEGER NOT NULL DEFAULT 0 CHECK (seq >= 0),
  started_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  ended_at TEXT
);
`;

/**
 * PostgreSQL 15 has no `IS JSON ARRAY`; a small function answers false for text that is not a
 * JSON list, so a wrong value fails the CHECK as on SQLite instead of failing the cast. `seq` is
 * BIGINT: a scorer's device may number its taps by its clock in milliseconds, as the API allows,
 * and PostgreSQL's INTEGER has 32 bits where SQLite's has 64.
 */
export const postgres = /* sql */ `
CREATE FUNCTION is_json_array(value text) RETURNS boolean LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN jsonb_typeof(value::jsonb) = 'array';
EXCEPTION WHEN others THEN
  RETURN false;
END;
$$;
CREATE TABLE game_live (
  game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
  away_runs TEXT NOT NULL DEFAULT '[]' CHECK (is_json_array(away_runs)),
  home_runs TEXT NOT NULL DEFAULT '[]' CHECK (is_json_array(home_runs)),
  inning INTEGER NOT NULL CHECK (inning BETWEEN 1 AND 30),
  half TEXT NOT NULL CHECK (half IN ('top','bottom')),
  outs INTEGER NOT NULL CHECK (outs BETWEEN 0 AND 2),
  away_hits INTEGER CHECK (away_hits IS NULL OR away_hits >= 0),
  home_hits INTEGER CHECK (home_hits IS NULL OR home_hits >= 0),
  away_errors INTEGER CHECK (away_errors IS NULL OR away_errors >= 0),
  home_errors INTEGER CHECK (home_errors IS NULL OR home_errors >= 0),
  seq BIGINT NOT NULL DEFAULT 0 CHECK (seq >= 0),
  started_at TEXT NOT NULL DEFAULT ${nowIso},
  updated_at TEXT NOT NULL DEFAULT ${nowIso},
  ended_at TEXT
);
`;
