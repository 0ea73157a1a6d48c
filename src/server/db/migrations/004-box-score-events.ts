/**
 * What a Korean box score lists besides the counts (decision 080): grounded into double plays
 * (병살타), the game-winning RBI (결승타) and the innings of each listed event. The innings are a
 * short comma list per event on the batter's line ('3,5' = one in the 3rd, one in the 5th); an
 * empty list means the innings were not recorded, so older games stay valid as they were.
 */
export const name = '004-box-score-events';

export const sql = /* sql */ `
ALTER TABLE game_batting ADD COLUMN gidp INTEGER NOT NULL DEFAULT 0 CHECK (gidp >= 0);
ALTER TABLE game_batting ADD COLUMN gwrbi INTEGER NOT NULL DEFAULT 0 CHECK (gwrbi IN (0,1));
ALTER TABLE game_batting ADD COLUMN hr_innings TEXT NOT NULL DEFAULT '' CHECK (hr_innings NOT GLOB '*[^0-9,]*');
ALTER TABLE game_batting ADD COLUMN b2_innings TEXT NOT NULL DEFAULT '' CHECK (b2_innings NOT GLOB '*[^0-9,]*');
ALTER TABLE game_batting ADD COLUMN b3_innings TEXT NOT NULL DEFAULT '' CHECK (b3_innings NOT GLOB '*[^0-9,]*');
ALTER TABLE game_batting ADD COLUMN sb_innings TEXT NOT NULL DEFAULT '' CHECK (sb_innings NOT GLOB '*[^0-9,]*');
ALTER TABLE game_batting ADD COLUMN e_innings TEXT NOT NULL DEFAULT '' CHECK (e_innings NOT GLOB '*[^0-9,]*');
ALTER TABLE game_batting ADD COLUMN gidp_innings TEXT NOT NULL DEFAULT '' CHECK (gidp_innings NOT GLOB '*[^0-9,]*');
-- A game has one game-winning RBI at most.
CREATE UNIQUE INDEX game_batting_one_gwrbi ON game_batting(game_id) WHERE gwrbi = 1;
`;

/** GLOB becomes a regular expression: no character other than a digit or a comma. */
export const postgres = /* sql */ `
ALTER TABLE game_batting ADD COLUMN gidp INTEGER NOT NULL DEFAULT 0 CHECK (gidp >= 0);
ALTER TABLE game_batting ADD COLUMN gwrbi INTEGER NOT NULL DEFAULT 0 CHECK (gwrbi IN (0,1));
ALTER TABLE game_batting ADD COLUMN hr_innings TEXT NOT NULL DEFAULT '' CHECK (hr_innings !~ '[^0-9,]');
ALTER TABLE game_batting ADD COLUMN b2_innings TEXT NOT NULL DEFAULT '' CHECK (b2_innings !~ '[^0-9,]');
ALTER TABLE game_batting ADD COLUMN b3_innings TEXT NOT NULL DEFAULT '' CHECK (b3_innings !~ '[^0-9,]');
ALTER TABLE game_batting ADD COLUMN sb_innings TEXT NOT NULL DEFAULT '' CHECK (sb_innings !~ '[^0-9,]');
ALTER TABLE game_batting ADD COLUMN e_innings TEXT NOT NULL DEFAULT '' CHECK (e_innings !~ '[^0-9,]');
ALTER TABLE game_batting ADD COLUMN gidp_innings TEXT NOT NULL DEFAULT '' CHECK (gidp_innings !~ '[^0-9,]');
CREATE UNIQUE INDEX game_batting_one_gwrbi ON game_batting(game_id) WHERE gwrbi = 1;
`;
