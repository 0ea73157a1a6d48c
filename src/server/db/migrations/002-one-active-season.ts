/**
 * Exactly one active season in every association that has seasons; 001 held only "at most one".
 * SQLite checks UNIQUE and CHECK constraints row by row and has no deferred triggers, so a season
 * switch (one season off, another on) always passes through zero or two active seasons. A deferred
 * foreign key is the one check SQLite makes at COMMIT: each association with seasons has a
 * season_guards row whose key must match the association of an active season, so a transaction may
 * switch seasons but can never commit an association without one (decision 019).
 */
export const name = '002-one-active-season';

export const sql = /* sql */ `
-- The association of an active season, NULL otherwise; unique so a foreign key can point at it.
ALTER TABLE seasons ADD COLUMN active_main_id INTEGER
  GENERATED ALWAYS AS (CASE WHEN active = 1 THEN main_id END) VIRTUAL;
CREATE UNIQUE INDEX seasons_active_main ON seasons(active_main_id);

CREATE TABLE season_guards (
  main_id INTEGER PRIMARY KEY REFERENCES league_main(id) ON DELETE CASCADE,
  FOREIGN KEY (main_id) REFERENCES seasons(active_main_id) DEFERRABLE INITIALLY DEFERRED
);

-- Data edited by hand may have an association without an active season: its newest season becomes
-- the active one, as the service would have made it.
UPDATE seasons SET active = 1 WHERE id IN (
  SELECT (SELECT s.id FROM seasons s WHERE s.main_id = m.main_id ORDER BY s.year DESC, s.id DESC LIMIT 1)
  FROM (SELECT DISTINCT main_id FROM seasons) AS m
  WHERE NOT EXISTS (SELECT 1 FROM seasons a WHERE a.main_id = m.main_id AND a.active = 1)
);
INSERT INTO season_guards (main_id) SELECT DISTINCT main_id FROM seasons;

CREATE TRIGGER seasons_guard_on_insert AFTER INSERT ON seasons
BEGIN
  INSERT OR IGNORE INTO season_guards (main_id) VALUES (NEW.main_id);
END;
CREATE TRIGGER seasons_guard_on_move AFTER UPDATE OF main_id ON seasons
BEGIN
  INSERT OR IGNORE INTO season_guards (main_id) VALUES (NEW.main_id);
END;
`;

/**
 * PostgreSQL keeps generated columns stored (no VIRTUAL before 18) and writes a trigger as a
 * function; `ON CONFLICT DO NOTHING` is its INSERT OR IGNORE. The deferred foreign key works the
 * same: checked at COMMIT.
 */
export const postgres = /* sql */ `
ALTER TABLE seasons ADD COLUMN active_main_id INTEGER
  GENERATED ALWAYS AS (CASE WHEN active = 1 THEN main_id END) STORED;
CREATE UNIQUE INDEX seasons_active_main ON seasons(active_main_id);

CREATE TABLE season_guards (
  main_id INTEGER PRIMARY KEY REFERENCES league_main(id) ON DELETE CASCADE,
  FOREIGN KEY (main_id) REFERENCES seasons(active_main_id) DEFERRABLE INITIALLY DEFERRED
);

UPDATE seasons SET active = 1 WHERE id IN (
  SELECT (SELECT s.id FROM seasons s WHERE s.main_id = m.main_id ORDER BY s.year DESC, s.id DESC LIMIT 1)
  FROM (SELECT DISTINCT main_id FROM seasons) AS m
  WHERE NOT EXISTS (SELECT 1 FROM seasons a WHERE a.main_id = m.main_id AND a.active = 1)
);
INSERT INTO season_guards (main_id) SELECT DISTINCT main_id FROM seasons;

CREATE FUNCTION seasons_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO season_guards (main_id) VALUES (NEW.main_id) ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
CREATE TRIGGER seasons_guard_on_insert AFTER INSERT ON seasons
  FOR EACH ROW EXECUTE FUNCTION seasons_guard();
CREATE TRIGGER seasons_guard_on_move AFTER UPDATE OF main_id ON seasons
  FOR EACH ROW EXECUTE FUNCTION seasons_guard();
`;
