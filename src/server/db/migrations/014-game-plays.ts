/**
 * A game's plays (decision 155): the lineups and then each event in order — a play in Retrosheet
 * event notation, a substitution, a comment — numbered from 1, with who entered it and when. The
 * box score tables are written from them in the same transaction. A game's plays go with the game.
 */
import { nowIso } from '../postgres-text.ts';

export const name = '014-game-plays';

export const sql = /* sql */ `
CREATE TABLE game_plays (
  game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  seq INTEGER NOT NULL CHECK (seq >= 1),
  kind TEXT NOT NULL CHECK (kind IN ('start','play','sub','com')),
  data TEXT NOT NULL CHECK (length(data) BETWEEN 1 AND 500),
  entered_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
  entered_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  PRIMARY KEY (game_id, seq)
);
`;

export const postgres = /* sql */ `
CREATE TABLE game_plays (
  game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  seq INTEGER NOT NULL CHECK (seq >= 1),
  kind TEXT NOT NULL CHECK (kind IN ('start','play','sub','com')),
  data TEXT NOT NULL CHECK (length(data) BETWEEN 1 AND 500),
  entered_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
  entered_at TEXT NOT NULL DEFAULT ${nowIso},
  PRIMARY KEY (game_id, seq)
);
`;
