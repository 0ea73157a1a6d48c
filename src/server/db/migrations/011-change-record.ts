/**
 * The change record (decision 150): `public_changes` gets a row from a trigger, in the writing
 * transaction, for every insert, update (that changed a column) and delete of a table the public
 * site shows; `publish_cursor` keeps the id of the last row whose change is live on the site. The
 * triggers are the text src/server/db/change-triggers.ts made for the schema of this migration
 * (frozen here as a shipped migration never changes; a test checks that the generator still
 * makes the triggers a fresh database has).
 */
import { nowIso } from '../postgres-text.ts';

export const name = '011-change-record';

export const sql = /* sql */ `
CREATE TABLE public_changes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  table_name TEXT NOT NULL,
  row_id INTEGER,
  kind TEXT NOT NULL CHECK (kind IN ('insert','update','delete')),
  old TEXT CHECK (old IS NULL OR json_valid(old)),
  new TEXT CHECK (new IS NULL OR json_valid(new)),
  committed_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE TABLE publish_cursor (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  last_id INTEGER NOT NULL DEFAULT 0 CHECK (last_id >= 0),
  published_at TEXT
);
INSERT INTO publish_cursor (id, last_id) VALUES (1, 0);
CREATE TRIGGER league_main_public_change_insert AFTER INSERT ON league_main BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('league_main', NEW.id, 'insert', NULL, json_object('path', NEW.path, 'name', NEW.name, 'short_name', NEW.short_name, 'logo', NEW.logo));
END;
CREATE TRIGGER league_main_public_change_update AFTER UPDATE ON league_main WHEN OLD.id IS NOT NEW.id OR OLD.path IS NOT NEW.path OR OLD.name IS NOT NEW.name OR OLD.short_name IS NOT NEW.short_name OR OLD.logo IS NOT NEW.logo OR OLD.created_at IS NOT NEW.created_at BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('league_main', NEW.id, 'update', json_object('path', OLD.path, 'name', OLD.name, 'short_name', OLD.short_name, 'logo', OLD.logo), json_object('path', NEW.path, 'name', NEW.name, 'short_name', NEW.short_name, 'logo', NEW.logo));
END;
CREATE TRIGGER league_main_public_change_delete AFTER DELETE ON league_main BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('league_main', OLD.id, 'delete', json_object('path', OLD.path, 'name', OLD.name, 'short_name', OLD.short_name, 'logo', OLD.logo), NULL);
END;
CREATE TRIGGER divisions_public_change_insert AFTER INSERT ON divisions BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('divisions', NEW.id, 'insert', NULL, json_object('main_id', NEW.main_id, 'name', NEW.name, 'sort_order', NEW.sort_order));
END;
CREATE TRIGGER divisions_public_change_update AFTER UPDATE ON divisions WHEN OLD.id IS NOT NEW.id OR OLD.main_id IS NOT NEW.main_id OR OLD.name IS NOT NEW.name OR OLD.sort_order IS NOT NEW.sort_order BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('divisions', NEW.id, 'update', json_object('main_id', OLD.main_id, 'name', OLD.name, 'sort_order', OLD.sort_order), json_object('main_id', NEW.main_id, 'name', NEW.name, 'sort_order', NEW.sort_order));
END;
CREATE TRIGGER divisions_public_change_delete AFTER DELETE ON divisions BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('divisions', OLD.id, 'delete', json_object('main_id', OLD.main_id, 'name', OLD.name, 'sort_order', OLD.sort_order), NULL);
END;
CREATE TRIGGER teams_public_change_insert AFTER INSERT ON teams BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('teams', NEW.id, 'insert', NULL, json_object('main_id', NEW.main_id, 'division_id', NEW.division_id, 'name', NEW.name, 'short_name', NEW.short_name, 'logo', NEW.logo, 'home_region', NEW.home_region, 'founded', NEW.founded));
END;
CREATE TRIGGER teams_public_change_update AFTER UPDATE ON teams WHEN OLD.id IS NOT NEW.id OR OLD.main_id IS NOT NEW.main_id OR OLD.division_id IS NOT NEW.division_id OR OLD.name IS NOT NEW.name OR OLD.short_name IS NOT NEW.short_name OR OLD.logo IS NOT NEW.logo OR OLD.home_region IS NOT NEW.home_region OR OLD.founded IS NOT NEW.founded BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('teams', NEW.id, 'update', json_object('main_id', OLD.main_id, 'division_id', OLD.division_id, 'name', OLD.name, 'short_name', OLD.short_name, 'logo', OLD.logo, 'home_region', OLD.home_region, 'founded', OLD.founded), json_object('main_id', NEW.main_id, 'division_id', NEW.division_id, 'name', NEW.name, 'short_name', NEW.short_name, 'logo', NEW.logo, 'home_region', NEW.home_region, 'founded', NEW.founded));
END;
CREATE TRIGGER teams_public_change_delete AFTER DELETE ON teams BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('teams', OLD.id, 'delete', json_object('main_id', OLD.main_id, 'division_id', OLD.division_id, 'name', OLD.name, 'short_name', OLD.short_name, 'logo', OLD.logo, 'home_region', OLD.home_region, 'founded', OLD.founded), NULL);
END;
CREATE TRIGGER players_public_change_insert AFTER INSERT ON players BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('players', NEW.id, 'insert', NULL, json_object('main_id', NEW.main_id));
END;
CREATE TRIGGER players_public_change_update AFTER UPDATE ON players WHEN OLD.id IS NOT NEW.id OR OLD.main_id IS NOT NEW.main_id OR OLD.name IS NOT NEW.name OR OLD.birth_date IS NOT NEW.birth_date OR OLD.gender IS NOT NEW.gender OR OLD.bats IS NOT NEW.bats OR OLD.throws IS NOT NEW.throws OR OLD.position IS NOT NEW.position OR OLD.photo IS NOT NEW.photo OR OLD.erased_at IS NOT NEW.erased_at BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('players', NEW.id, 'update', json_object('main_id', OLD.main_id), json_object('main_id', NEW.main_id));
END;
CREATE TRIGGER players_public_change_delete AFTER DELETE ON players BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('players', OLD.id, 'delete', json_object('main_id', OLD.main_id), NULL);
END;
CREATE TRIGGER team_players_public_change_insert AFTER INSERT ON team_players BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('team_players', NEW.id, 'insert', NULL, json_object('team_id', NEW.team_id, 'player_id', NEW.player_id, 'back_number', NEW.back_number, 'from_date', NEW.from_date, 'to_date', NEW.to_date));
END;
CREATE TRIGGER team_players_public_change_update AFTER UPDATE ON team_players WHEN OLD.id IS NOT NEW.id OR OLD.team_id IS NOT NEW.team_id OR OLD.player_id IS NOT NEW.player_id OR OLD.back_number IS NOT NEW.back_number OR OLD.from_date IS NOT NEW.from_date OR OLD.to_date IS NOT NEW.to_date BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('team_players', NEW.id, 'update', json_object('team_id', OLD.team_id, 'player_id', OLD.player_id, 'back_number', OLD.back_number, 'from_date', OLD.from_date, 'to_date', OLD.to_date), json_object('team_id', NEW.team_id, 'player_id', NEW.player_id, 'back_number', NEW.back_number, 'from_date', NEW.from_date, 'to_date', NEW.to_date));
END;
CREATE TRIGGER team_players_public_change_delete AFTER DELETE ON team_players BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('team_players', OLD.id, 'delete', json_object('team_id', OLD.team_id, 'player_id', OLD.player_id, 'back_number', OLD.back_number, 'from_date', OLD.from_date, 'to_date', OLD.to_date), NULL);
END;
CREATE TRIGGER coaches_public_change_insert AFTER INSERT ON coaches BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('coaches', NEW.id, 'insert', NULL, json_object('main_id', NEW.main_id));
END;
CREATE TRIGGER coaches_public_change_update AFTER UPDATE ON coaches WHEN OLD.id IS NOT NEW.id OR OLD.main_id IS NOT NEW.main_id OR OLD.name IS NOT NEW.name OR OLD.birth_date IS NOT NEW.birth_date OR OLD.phone IS NOT NEW.phone OR OLD.photo IS NOT NEW.photo OR OLD.erased_at IS NOT NEW.erased_at BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('coaches', NEW.id, 'update', json_object('main_id', OLD.main_id), json_object('main_id', NEW.main_id));
END;
CREATE TRIGGER coaches_public_change_delete AFTER DELETE ON coaches BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('coaches', OLD.id, 'delete', json_object('main_id', OLD.main_id), NULL);
END;
CREATE TRIGGER team_coaches_public_change_insert AFTER INSERT ON team_coaches BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('team_coaches', NEW.id, 'insert', NULL, json_object('team_id', NEW.team_id, 'coach_id', NEW.coach_id, 'role', NEW.role, 'from_date', NEW.from_date, 'to_date', NEW.to_date));
END;
CREATE TRIGGER team_coaches_public_change_update AFTER UPDATE ON team_coaches WHEN OLD.id IS NOT NEW.id OR OLD.team_id IS NOT NEW.team_id OR OLD.coach_id IS NOT NEW.coach_id OR OLD.role IS NOT NEW.role OR OLD.from_date IS NOT NEW.from_date OR OLD.to_date IS NOT NEW.to_date BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('team_coaches', NEW.id, 'update', json_object('team_id', OLD.team_id, 'coach_id', OLD.coach_id, 'role', OLD.role, 'from_date', OLD.from_date, 'to_date', OLD.to_date), json_object('team_id', NEW.team_id, 'coach_id', NEW.coach_id, 'role', NEW.role, 'from_date', NEW.from_date, 'to_date', NEW.to_date));
END;
CREATE TRIGGER team_coaches_public_change_delete AFTER DELETE ON team_coaches BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('team_coaches', OLD.id, 'delete', json_object('team_id', OLD.team_id, 'coach_id', OLD.coach_id, 'role', OLD.role, 'from_date', OLD.from_date, 'to_date', OLD.to_date), NULL);
END;
CREATE TRIGGER seasons_public_change_insert AFTER INSERT ON seasons BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('seasons', NEW.id, 'insert', NULL, json_object('main_id', NEW.main_id, 'name', NEW.name, 'year', NEW.year, 'active', NEW.active));
END;
CREATE TRIGGER seasons_public_change_update AFTER UPDATE ON seasons WHEN OLD.id IS NOT NEW.id OR OLD.main_id IS NOT NEW.main_id OR OLD.name IS NOT NEW.name OR OLD.year IS NOT NEW.year OR OLD.active IS NOT NEW.active BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('seasons', NEW.id, 'update', json_object('main_id', OLD.main_id, 'name', OLD.name, 'year', OLD.year, 'active', OLD.active), json_object('main_id', NEW.main_id, 'name', NEW.name, 'year', NEW.year, 'active', NEW.active));
END;
CREATE TRIGGER seasons_public_change_delete AFTER DELETE ON seasons BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('seasons', OLD.id, 'delete', json_object('main_id', OLD.main_id, 'name', OLD.name, 'year', OLD.year, 'active', OLD.active), NULL);
END;
CREATE TRIGGER leagues_public_change_insert AFTER INSERT ON leagues BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('leagues', NEW.id, 'insert', NULL, json_object('season_id', NEW.season_id, 'division_id', NEW.division_id, 'name', NEW.name, 'logo', NEW.logo, 'start_date', NEW.start_date, 'end_date', NEW.end_date, 'status', NEW.status, 'innings_per_game', NEW.innings_per_game, 'run_ahead_rule', NEW.run_ahead_rule, 'ties_allowed', NEW.ties_allowed, 'ranking_method', NEW.ranking_method, 'points_win', NEW.points_win, 'points_draw', NEW.points_draw, 'points_loss', NEW.points_loss, 'tie_breakers', NEW.tie_breakers, 'era_basis', NEW.era_basis, 'qualify_pa_per_game', NEW.qualify_pa_per_game, 'qualify_ip_per_game', NEW.qualify_ip_per_game));
END;
CREATE TRIGGER leagues_public_change_update AFTER UPDATE ON leagues WHEN OLD.id IS NOT NEW.id OR OLD.season_id IS NOT NEW.season_id OR OLD.division_id IS NOT NEW.division_id OR OLD.name IS NOT NEW.name OR OLD.logo IS NOT NEW.logo OR OLD.start_date IS NOT NEW.start_date OR OLD.end_date IS NOT NEW.end_date OR OLD.status IS NOT NEW.status OR OLD.innings_per_game IS NOT NEW.innings_per_game OR OLD.run_ahead_rule IS NOT NEW.run_ahead_rule OR OLD.ties_allowed IS NOT NEW.ties_allowed OR OLD.ranking_method IS NOT NEW.ranking_method OR OLD.points_win IS NOT NEW.points_win OR OLD.points_draw IS NOT NEW.points_draw OR OLD.points_loss IS NOT NEW.points_loss OR OLD.tie_breakers IS NOT NEW.tie_breakers OR OLD.era_basis IS NOT NEW.era_basis OR OLD.qualify_pa_per_game IS NOT NEW.qualify_pa_per_game OR OLD.qualify_ip_per_game IS NOT NEW.qualify_ip_per_game BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('leagues', NEW.id, 'update', json_object('season_id', OLD.season_id, 'division_id', OLD.division_id, 'name', OLD.name, 'logo', OLD.logo, 'start_date', OLD.start_date, 'end_date', OLD.end_date, 'status', OLD.status, 'innings_per_game', OLD.innings_per_game, 'run_ahead_rule', OLD.run_ahead_rule, 'ties_allowed', OLD.ties_allowed, 'ranking_method', OLD.ranking_method, 'points_win', OLD.points_win, 'points_draw', OLD.points_draw, 'points_loss', OLD.points_loss, 'tie_breakers', OLD.tie_breakers, 'era_basis', OLD.era_basis, 'qualify_pa_per_game', OLD.qualify_pa_per_game, 'qualify_ip_per_game', OLD.qualify_ip_per_game), json_object('season_id', NEW.season_id, 'division_id', NEW.division_id, 'name', NEW.name, 'logo', NEW.logo, 'start_date', NEW.start_date, 'end_date', NEW.end_date, 'status', NEW.status, 'innings_per_game', NEW.innings_per_game, 'run_ahead_rule', NEW.run_ahead_rule, 'ties_allowed', NEW.ties_allowed, 'ranking_method', NEW.ranking_method, 'points_win', NEW.points_win, 'points_draw', NEW.points_draw, 'points_loss', NEW.points_loss, 'tie_breakers', NEW.tie_breakers, 'era_basis', NEW.era_basis, 'qualify_pa_per_game', NEW.qualify_pa_per_game, 'qualify_ip_per_game', NEW.qualify_ip_per_game));
END;
CREATE TRIGGER leagues_public_change_delete AFTER DELETE ON leagues BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('leagues', OLD.id, 'delete', json_object('season_id', OLD.season_id, 'division_id', OLD.division_id, 'name', OLD.name, 'logo', OLD.logo, 'start_date', OLD.start_date, 'end_date', OLD.end_date, 'status', OLD.status, 'innings_per_game', OLD.innings_per_game, 'run_ahead_rule', OLD.run_ahead_rule, 'ties_allowed', OLD.ties_allowed, 'ranking_method', OLD.ranking_method, 'points_win', OLD.points_win, 'points_draw', OLD.points_draw, 'points_loss', OLD.points_loss, 'tie_breakers', OLD.tie_breakers, 'era_basis', OLD.era_basis, 'qualify_pa_per_game', OLD.qualify_pa_per_game, 'qualify_ip_per_game', OLD.qualify_ip_per_game), NULL);
END;
CREATE TRIGGER league_teams_public_change_insert AFTER INSERT ON league_teams BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('league_teams', NEW.id, 'insert', NULL, json_object('league_id', NEW.league_id, 'team_id', NEW.team_id));
END;
CREATE TRIGGER league_teams_public_change_update AFTER UPDATE ON league_teams WHEN OLD.id IS NOT NEW.id OR OLD.league_id IS NOT NEW.league_id OR OLD.team_id IS NOT NEW.team_id BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('league_teams', NEW.id, 'update', json_object('league_id', OLD.league_id, 'team_id', OLD.team_id), json_object('league_id', NEW.league_id, 'team_id', NEW.team_id));
END;
CREATE TRIGGER league_teams_public_change_delete AFTER DELETE ON league_teams BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('league_teams', OLD.id, 'delete', json_object('league_id', OLD.league_id, 'team_id', OLD.team_id), NULL);
END;
CREATE TRIGGER league_players_public_change_insert AFTER INSERT ON league_players BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('league_players', NEW.id, 'insert', NULL, json_object('league_id', NEW.league_id, 'team_id', NEW.team_id, 'player_id', NEW.player_id, 'back_number', NEW.back_number, 'status', NEW.status, 'registered_on', NEW.registered_on));
END;
CREATE TRIGGER league_players_public_change_update AFTER UPDATE ON league_players WHEN OLD.id IS NOT NEW.id OR OLD.league_id IS NOT NEW.league_id OR OLD.team_id IS NOT NEW.team_id OR OLD.player_id IS NOT NEW.player_id OR OLD.back_number IS NOT NEW.back_number OR OLD.status IS NOT NEW.status OR OLD.registered_on IS NOT NEW.registered_on BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('league_players', NEW.id, 'update', json_object('league_id', OLD.league_id, 'team_id', OLD.team_id, 'player_id', OLD.player_id, 'back_number', OLD.back_number, 'status', OLD.status, 'registered_on', OLD.registered_on), json_object('league_id', NEW.league_id, 'team_id', NEW.team_id, 'player_id', NEW.player_id, 'back_number', NEW.back_number, 'status', NEW.status, 'registered_on', NEW.registered_on));
END;
CREATE TRIGGER league_players_public_change_delete AFTER DELETE ON league_players BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('league_players', OLD.id, 'delete', json_object('league_id', OLD.league_id, 'team_id', OLD.team_id, 'player_id', OLD.player_id, 'back_number', OLD.back_number, 'status', OLD.status, 'registered_on', OLD.registered_on), NULL);
END;
CREATE TRIGGER league_coaches_public_change_insert AFTER INSERT ON league_coaches BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('league_coaches', NEW.id, 'insert', NULL, json_object('league_id', NEW.league_id, 'team_id', NEW.team_id, 'coach_id', NEW.coach_id, 'role', NEW.role));
END;
CREATE TRIGGER league_coaches_public_change_update AFTER UPDATE ON league_coaches WHEN OLD.id IS NOT NEW.id OR OLD.league_id IS NOT NEW.league_id OR OLD.team_id IS NOT NEW.team_id OR OLD.coach_id IS NOT NEW.coach_id OR OLD.role IS NOT NEW.role BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('league_coaches', NEW.id, 'update', json_object('league_id', OLD.league_id, 'team_id', OLD.team_id, 'coach_id', OLD.coach_id, 'role', OLD.role), json_object('league_id', NEW.league_id, 'team_id', NEW.team_id, 'coach_id', NEW.coach_id, 'role', NEW.role));
END;
CREATE TRIGGER league_coaches_public_change_delete AFTER DELETE ON league_coaches BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('league_coaches', OLD.id, 'delete', json_object('league_id', OLD.league_id, 'team_id', OLD.team_id, 'coach_id', OLD.coach_id, 'role', OLD.role), NULL);
END;
CREATE TRIGGER games_public_change_insert AFTER INSERT ON games BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('games', NEW.id, 'insert', NULL, json_object('league_id', NEW.league_id, 'game_no', NEW.game_no, 'round', NEW.round, 'stage', NEW.stage, 'game_date', NEW.game_date, 'game_time', NEW.game_time, 'venue', NEW.venue, 'home_team_id', NEW.home_team_id, 'away_team_id', NEW.away_team_id, 'status', NEW.status, 'home_score', NEW.home_score, 'away_score', NEW.away_score, 'innings_played', NEW.innings_played, 'forfeit_winner_team_id', NEW.forfeit_winner_team_id, 'win_pitcher_id', NEW.win_pitcher_id, 'loss_pitcher_id', NEW.loss_pitcher_id, 'save_pitcher_id', NEW.save_pitcher_id, 'mvp_player_id', NEW.mvp_player_id, 'notes', NEW.notes));
END;
CREATE TRIGGER games_public_change_update AFTER UPDATE ON games WHEN OLD.id IS NOT NEW.id OR OLD.league_id IS NOT NEW.league_id OR OLD.game_no IS NOT NEW.game_no OR OLD.round IS NOT NEW.round OR OLD.stage IS NOT NEW.stage OR OLD.game_date IS NOT NEW.game_date OR OLD.game_time IS NOT NEW.game_time OR OLD.venue IS NOT NEW.venue OR OLD.home_team_id IS NOT NEW.home_team_id OR OLD.away_team_id IS NOT NEW.away_team_id OR OLD.status IS NOT NEW.status OR OLD.home_score IS NOT NEW.home_score OR OLD.away_score IS NOT NEW.away_score OR OLD.innings_played IS NOT NEW.innings_played OR OLD.forfeit_winner_team_id IS NOT NEW.forfeit_winner_team_id OR OLD.win_pitcher_id IS NOT NEW.win_pitcher_id OR OLD.loss_pitcher_id IS NOT NEW.loss_pitcher_id OR OLD.save_pitcher_id IS NOT NEW.save_pitcher_id OR OLD.mvp_player_id IS NOT NEW.mvp_player_id OR OLD.notes IS NOT NEW.notes BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('games', NEW.id, 'update', json_object('league_id', OLD.league_id, 'game_no', OLD.game_no, 'round', OLD.round, 'stage', OLD.stage, 'game_date', OLD.game_date, 'game_time', OLD.game_time, 'venue', OLD.venue, 'home_team_id', OLD.home_team_id, 'away_team_id', OLD.away_team_id, 'status', OLD.status, 'home_score', OLD.home_score, 'away_score', OLD.away_score, 'innings_played', OLD.innings_played, 'forfeit_winner_team_id', OLD.forfeit_winner_team_id, 'win_pitcher_id', OLD.win_pitcher_id, 'loss_pitcher_id', OLD.loss_pitcher_id, 'save_pitcher_id', OLD.save_pitcher_id, 'mvp_player_id', OLD.mvp_player_id, 'notes', OLD.notes), json_object('league_id', NEW.league_id, 'game_no', NEW.game_no, 'round', NEW.round, 'stage', NEW.stage, 'game_date', NEW.game_date, 'game_time', NEW.game_time, 'venue', NEW.venue, 'home_team_id', NEW.home_team_id, 'away_team_id', NEW.away_team_id, 'status', NEW.status, 'home_score', NEW.home_score, 'away_score', NEW.away_score, 'innings_played', NEW.innings_played, 'forfeit_winner_team_id', NEW.forfeit_winner_team_id, 'win_pitcher_id', NEW.win_pitcher_id, 'loss_pitcher_id', NEW.loss_pitcher_id, 'save_pitcher_id', NEW.save_pitcher_id, 'mvp_player_id', NEW.mvp_player_id, 'notes', NEW.notes));
END;
CREATE TRIGGER games_public_change_delete AFTER DELETE ON games BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('games', OLD.id, 'delete', json_object('league_id', OLD.league_id, 'game_no', OLD.game_no, 'round', OLD.round, 'stage', OLD.stage, 'game_date', OLD.game_date, 'game_time', OLD.game_time, 'venue', OLD.venue, 'home_team_id', OLD.home_team_id, 'away_team_id', OLD.away_team_id, 'status', OLD.status, 'home_score', OLD.home_score, 'away_score', OLD.away_score, 'innings_played', OLD.innings_played, 'forfeit_winner_team_id', OLD.forfeit_winner_team_id, 'win_pitcher_id', OLD.win_pitcher_id, 'loss_pitcher_id', OLD.loss_pitcher_id, 'save_pitcher_id', OLD.save_pitcher_id, 'mvp_player_id', OLD.mvp_player_id, 'notes', OLD.notes), NULL);
END;
CREATE TRIGGER game_innings_public_change_insert AFTER INSERT ON game_innings BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('game_innings', NEW.rowid, 'insert', NULL, json_object('game_id', NEW.game_id, 'inning', NEW.inning, 'half', NEW.half, 'runs', NEW.runs));
END;
CREATE TRIGGER game_innings_public_change_update AFTER UPDATE ON game_innings WHEN OLD.game_id IS NOT NEW.game_id OR OLD.inning IS NOT NEW.inning OR OLD.half IS NOT NEW.half OR OLD.runs IS NOT NEW.runs BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('game_innings', NEW.rowid, 'update', json_object('game_id', OLD.game_id, 'inning', OLD.inning, 'half', OLD.half, 'runs', OLD.runs), json_object('game_id', NEW.game_id, 'inning', NEW.inning, 'half', NEW.half, 'runs', NEW.runs));
END;
CREATE TRIGGER game_innings_public_change_delete AFTER DELETE ON game_innings BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('game_innings', OLD.rowid, 'delete', json_object('game_id', OLD.game_id, 'inning', OLD.inning, 'half', OLD.half, 'runs', OLD.runs), NULL);
END;
CREATE TRIGGER game_live_public_change_insert AFTER INSERT ON game_live BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('game_live', NEW.game_id, 'insert', NULL, json_object('game_id', NEW.game_id));
END;
CREATE TRIGGER game_live_public_change_update AFTER UPDATE ON game_live WHEN OLD.game_id IS NOT NEW.game_id OR OLD.away_runs IS NOT NEW.away_runs OR OLD.home_runs IS NOT NEW.home_runs OR OLD.inning IS NOT NEW.inning OR OLD.half IS NOT NEW.half OR OLD.outs IS NOT NEW.outs OR OLD.away_hits IS NOT NEW.away_hits OR OLD.home_hits IS NOT NEW.home_hits OR OLD.away_errors IS NOT NEW.away_errors OR OLD.home_errors IS NOT NEW.home_errors OR OLD.started_at IS NOT NEW.started_at OR OLD.ended_at IS NOT NEW.ended_at BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('game_live', NEW.game_id, 'update', json_object('game_id', OLD.game_id), json_object('game_id', NEW.game_id));
END;
CREATE TRIGGER game_live_public_change_delete AFTER DELETE ON game_live BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('game_live', OLD.game_id, 'delete', json_object('game_id', OLD.game_id), NULL);
END;
CREATE TRIGGER game_batting_public_change_insert AFTER INSERT ON game_batting BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('game_batting', NEW.id, 'insert', NULL, json_object('game_id', NEW.game_id, 'team_id', NEW.team_id, 'player_id', NEW.player_id, 'batting_order', NEW.batting_order, 'seq', NEW.seq, 'position', NEW.position, 'pa', NEW.pa, 'ab', NEW.ab, 'r', NEW.r, 'h', NEW.h, 'b2', NEW.b2, 'b3', NEW.b3, 'hr', NEW.hr, 'rbi', NEW.rbi, 'bb', NEW.bb, 'hbp', NEW.hbp, 'so', NEW.so, 'sb', NEW.sb, 'cs', NEW.cs, 'sh', NEW.sh, 'sf', NEW.sf, 'e', NEW.e, 'gidp', NEW.gidp, 'gwrbi', NEW.gwrbi, 'hr_innings', NEW.hr_innings, 'b2_innings', NEW.b2_innings, 'b3_innings', NEW.b3_innings, 'sb_innings', NEW.sb_innings, 'e_innings', NEW.e_innings, 'gidp_innings', NEW.gidp_innings));
END;
CREATE TRIGGER game_batting_public_change_update AFTER UPDATE ON game_batting WHEN OLD.id IS NOT NEW.id OR OLD.game_id IS NOT NEW.game_id OR OLD.team_id IS NOT NEW.team_id OR OLD.player_id IS NOT NEW.player_id OR OLD.batting_order IS NOT NEW.batting_order OR OLD.seq IS NOT NEW.seq OR OLD.position IS NOT NEW.position OR OLD.pa IS NOT NEW.pa OR OLD.ab IS NOT NEW.ab OR OLD.r IS NOT NEW.r OR OLD.h IS NOT NEW.h OR OLD.b2 IS NOT NEW.b2 OR OLD.b3 IS NOT NEW.b3 OR OLD.hr IS NOT NEW.hr OR OLD.rbi IS NOT NEW.rbi OR OLD.bb IS NOT NEW.bb OR OLD.hbp IS NOT NEW.hbp OR OLD.so IS NOT NEW.so OR OLD.sb IS NOT NEW.sb OR OLD.cs IS NOT NEW.cs OR OLD.sh IS NOT NEW.sh OR OLD.sf IS NOT NEW.sf OR OLD.e IS NOT NEW.e OR OLD.gidp IS NOT NEW.gidp OR OLD.gwrbi IS NOT NEW.gwrbi OR OLD.hr_innings IS NOT NEW.hr_innings OR OLD.b2_innings IS NOT NEW.b2_innings OR OLD.b3_innings IS NOT NEW.b3_innings OR OLD.sb_innings IS NOT NEW.sb_innings OR OLD.e_innings IS NOT NEW.e_innings OR OLD.gidp_innings IS NOT NEW.gidp_innings BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('game_batting', NEW.id, 'update', json_object('game_id', OLD.game_id, 'team_id', OLD.team_id, 'player_id', OLD.player_id, 'batting_order', OLD.batting_order, 'seq', OLD.seq, 'position', OLD.position, 'pa', OLD.pa, 'ab', OLD.ab, 'r', OLD.r, 'h', OLD.h, 'b2', OLD.b2, 'b3', OLD.b3, 'hr', OLD.hr, 'rbi', OLD.rbi, 'bb', OLD.bb, 'hbp', OLD.hbp, 'so', OLD.so, 'sb', OLD.sb, 'cs', OLD.cs, 'sh', OLD.sh, 'sf', OLD.sf, 'e', OLD.e, 'gidp', OLD.gidp, 'gwrbi', OLD.gwrbi, 'hr_innings', OLD.hr_innings, 'b2_innings', OLD.b2_innings, 'b3_innings', OLD.b3_innings, 'sb_innings', OLD.sb_innings, 'e_innings', OLD.e_innings, 'gidp_innings', OLD.gidp_innings), json_object('game_id', NEW.game_id, 'team_id', NEW.team_id, 'player_id', NEW.player_id, 'batting_order', NEW.batting_order, 'seq', NEW.seq, 'position', NEW.position, 'pa', NEW.pa, 'ab', NEW.ab, 'r', NEW.r, 'h', NEW.h, 'b2', NEW.b2, 'b3', NEW.b3, 'hr', NEW.hr, 'rbi', NEW.rbi, 'bb', NEW.bb, 'hbp', NEW.hbp, 'so', NEW.so, 'sb', NEW.sb, 'cs', NEW.cs, 'sh', NEW.sh, 'sf', NEW.sf, 'e', NEW.e, 'gidp', NEW.gidp, 'gwrbi', NEW.gwrbi, 'hr_innings', NEW.hr_innings, 'b2_innings', NEW.b2_innings, 'b3_innings', NEW.b3_innings, 'sb_innings', NEW.sb_innings, 'e_innings', NEW.e_innings, 'gidp_innings', NEW.gidp_innings));
END;
CREATE TRIGGER game_batting_public_change_delete AFTER DELETE ON game_batting BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('game_batting', OLD.id, 'delete', json_object('game_id', OLD.game_id, 'team_id', OLD.team_id, 'player_id', OLD.player_id, 'batting_order', OLD.batting_order, 'seq', OLD.seq, 'position', OLD.position, 'pa', OLD.pa, 'ab', OLD.ab, 'r', OLD.r, 'h', OLD.h, 'b2', OLD.b2, 'b3', OLD.b3, 'hr', OLD.hr, 'rbi', OLD.rbi, 'bb', OLD.bb, 'hbp', OLD.hbp, 'so', OLD.so, 'sb', OLD.sb, 'cs', OLD.cs, 'sh', OLD.sh, 'sf', OLD.sf, 'e', OLD.e, 'gidp', OLD.gidp, 'gwrbi', OLD.gwrbi, 'hr_innings', OLD.hr_innings, 'b2_innings', OLD.b2_innings, 'b3_innings', OLD.b3_innings, 'sb_innings', OLD.sb_innings, 'e_innings', OLD.e_innings, 'gidp_innings', OLD.gidp_innings), NULL);
END;
CREATE TRIGGER game_pitching_public_change_insert AFTER INSERT ON game_pitching BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('game_pitching', NEW.id, 'insert', NULL, json_object('game_id', NEW.game_id, 'team_id', NEW.team_id, 'player_id', NEW.player_id, 'seq', NEW.seq, 'outs', NEW.outs, 'bf', NEW.bf, 'h', NEW.h, 'r', NEW.r, 'er', NEW.er, 'bb', NEW.bb, 'hbp', NEW.hbp, 'so', NEW.so, 'hr', NEW.hr, 'wp', NEW.wp, 'decision', NEW.decision));
END;
CREATE TRIGGER game_pitching_public_change_update AFTER UPDATE ON game_pitching WHEN OLD.id IS NOT NEW.id OR OLD.game_id IS NOT NEW.game_id OR OLD.team_id IS NOT NEW.team_id OR OLD.player_id IS NOT NEW.player_id OR OLD.seq IS NOT NEW.seq OR OLD.outs IS NOT NEW.outs OR OLD.bf IS NOT NEW.bf OR OLD.h IS NOT NEW.h OR OLD.r IS NOT NEW.r OR OLD.er IS NOT NEW.er OR OLD.bb IS NOT NEW.bb OR OLD.hbp IS NOT NEW.hbp OR OLD.so IS NOT NEW.so OR OLD.hr IS NOT NEW.hr OR OLD.wp IS NOT NEW.wp OR OLD.decision IS NOT NEW.decision BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('game_pitching', NEW.id, 'update', json_object('game_id', OLD.game_id, 'team_id', OLD.team_id, 'player_id', OLD.player_id, 'seq', OLD.seq, 'outs', OLD.outs, 'bf', OLD.bf, 'h', OLD.h, 'r', OLD.r, 'er', OLD.er, 'bb', OLD.bb, 'hbp', OLD.hbp, 'so', OLD.so, 'hr', OLD.hr, 'wp', OLD.wp, 'decision', OLD.decision), json_object('game_id', NEW.game_id, 'team_id', NEW.team_id, 'player_id', NEW.player_id, 'seq', NEW.seq, 'outs', NEW.outs, 'bf', NEW.bf, 'h', NEW.h, 'r', NEW.r, 'er', NEW.er, 'bb', NEW.bb, 'hbp', NEW.hbp, 'so', NEW.so, 'hr', NEW.hr, 'wp', NEW.wp, 'decision', NEW.decision));
END;
CREATE TRIGGER game_pitching_public_change_delete AFTER DELETE ON game_pitching BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('game_pitching', OLD.id, 'delete', json_object('game_id', OLD.game_id, 'team_id', OLD.team_id, 'player_id', OLD.player_id, 'seq', OLD.seq, 'outs', OLD.outs, 'bf', OLD.bf, 'h', OLD.h, 'r', OLD.r, 'er', OLD.er, 'bb', OLD.bb, 'hbp', OLD.hbp, 'so', OLD.so, 'hr', OLD.hr, 'wp', OLD.wp, 'decision', OLD.decision), NULL);
END;
CREATE TRIGGER league_results_public_change_insert AFTER INSERT ON league_results BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('league_results', NEW.id, 'insert', NULL, json_object('league_id', NEW.league_id, 'team_id', NEW.team_id, 'rank', NEW.rank, 'note', NEW.note));
END;
CREATE TRIGGER league_results_public_change_update AFTER UPDATE ON league_results WHEN OLD.id IS NOT NEW.id OR OLD.league_id IS NOT NEW.league_id OR OLD.team_id IS NOT NEW.team_id OR OLD.rank IS NOT NEW.rank OR OLD.note IS NOT NEW.note BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('league_results', NEW.id, 'update', json_object('league_id', OLD.league_id, 'team_id', OLD.team_id, 'rank', OLD.rank, 'note', OLD.note), json_object('league_id', NEW.league_id, 'team_id', NEW.team_id, 'rank', NEW.rank, 'note', NEW.note));
END;
CREATE TRIGGER league_results_public_change_delete AFTER DELETE ON league_results BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('league_results', OLD.id, 'delete', json_object('league_id', OLD.league_id, 'team_id', OLD.team_id, 'rank', OLD.rank, 'note', OLD.note), NULL);
END;
CREATE TRIGGER league_awards_public_change_insert AFTER INSERT ON league_awards BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('league_awards', NEW.id, 'insert', NULL, json_object('league_id', NEW.league_id, 'award_name', NEW.award_name, 'player_id', NEW.player_id, 'team_id', NEW.team_id, 'note', NEW.note));
END;
CREATE TRIGGER league_awards_public_change_update AFTER UPDATE ON league_awards WHEN OLD.id IS NOT NEW.id OR OLD.league_id IS NOT NEW.league_id OR OLD.award_name IS NOT NEW.award_name OR OLD.player_id IS NOT NEW.player_id OR OLD.team_id IS NOT NEW.team_id OR OLD.note IS NOT NEW.note BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('league_awards', NEW.id, 'update', json_object('league_id', OLD.league_id, 'award_name', OLD.award_name, 'player_id', OLD.player_id, 'team_id', OLD.team_id, 'note', OLD.note), json_object('league_id', NEW.league_id, 'award_name', NEW.award_name, 'player_id', NEW.player_id, 'team_id', NEW.team_id, 'note', NEW.note));
END;
CREATE TRIGGER league_awards_public_change_delete AFTER DELETE ON league_awards BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('league_awards', OLD.id, 'delete', json_object('league_id', OLD.league_id, 'award_name', OLD.award_name, 'player_id', OLD.player_id, 'team_id', OLD.team_id, 'note', OLD.note), NULL);
END;
CREATE TRIGGER notices_public_change_insert AFTER INSERT ON notices BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('notices', NEW.wr_id, 'insert', NULL, json_object('main_id', NEW.main_id, 'draft', NEW.draft));
END;
CREATE TRIGGER notices_public_change_update AFTER UPDATE ON notices WHEN OLD.wr_id IS NOT NEW.wr_id OR OLD.main_id IS NOT NEW.main_id OR OLD.title IS NOT NEW.title OR OLD.body IS NOT NEW.body OR OLD.author_id IS NOT NEW.author_id OR OLD.author_name IS NOT NEW.author_name OR OLD.pinned IS NOT NEW.pinned OR OLD.created_at IS NOT NEW.created_at OR OLD.draft IS NOT NEW.draft BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('notices', NEW.wr_id, 'update', json_object('main_id', OLD.main_id, 'draft', OLD.draft), json_object('main_id', NEW.main_id, 'draft', NEW.draft));
END;
CREATE TRIGGER notices_public_change_delete AFTER DELETE ON notices BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('notices', OLD.wr_id, 'delete', json_object('main_id', OLD.main_id, 'draft', OLD.draft), NULL);
END;
CREATE TRIGGER notice_attachments_public_change_insert AFTER INSERT ON notice_attachments BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('notice_attachments', NEW.id, 'insert', NULL, json_object('wr_id', NEW.wr_id, 'upload_id', NEW.upload_id));
END;
CREATE TRIGGER notice_attachments_public_change_update AFTER UPDATE ON notice_attachments WHEN OLD.id IS NOT NEW.id OR OLD.wr_id IS NOT NEW.wr_id OR OLD.upload_id IS NOT NEW.upload_id BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('notice_attachments', NEW.id, 'update', json_object('wr_id', OLD.wr_id, 'upload_id', OLD.upload_id), json_object('wr_id', NEW.wr_id, 'upload_id', NEW.upload_id));
END;
CREATE TRIGGER notice_attachments_public_change_delete AFTER DELETE ON notice_attachments BEGIN
  INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('notice_attachments', OLD.id, 'delete', json_object('wr_id', OLD.wr_id, 'upload_id', OLD.upload_id), NULL);
END;
`;

/**
 * The same on PostgreSQL (decision 151): one plpgsql function per table, as
 * postgresChangeTriggers made it for the schema of this migration. `old` / `new` are JSON text the
 * triggers write themselves, so they carry no check. Each function takes the write lock
 * (write-order.ts) before drawing its id.
 */
export const postgres = /* sql */ `
CREATE TABLE public_changes (
  id INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  table_name TEXT NOT NULL,
  row_id INTEGER,
  kind TEXT NOT NULL CHECK (kind IN ('insert','update','delete')),
  old TEXT,
  new TEXT,
  committed_at TEXT NOT NULL DEFAULT ${nowIso}
);
CREATE TABLE publish_cursor (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  last_id INTEGER NOT NULL DEFAULT 0 CHECK (last_id >= 0),
  published_at TEXT
);
INSERT INTO publish_cursor (id, last_id) VALUES (1, 0);
CREATE FUNCTION league_main_public_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(4215150);
  IF TG_OP = 'INSERT' THEN
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('league_main', NEW.id, 'insert', NULL, jsonb_build_object('path', NEW.path, 'name', NEW.name, 'short_name', NEW.short_name, 'logo', NEW.logo)::text);
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('league_main', NEW.id, 'update', jsonb_build_object('path', OLD.path, 'name', OLD.name, 'short_name', OLD.short_name, 'logo', OLD.logo)::text, jsonb_build_object('path', NEW.path, 'name', NEW.name, 'short_name', NEW.short_name, 'logo', NEW.logo)::text);
  ELSE
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('league_main', OLD.id, 'delete', jsonb_build_object('path', OLD.path, 'name', OLD.name, 'short_name', OLD.short_name, 'logo', OLD.logo)::text, NULL);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER league_main_public_change_insert AFTER INSERT ON league_main FOR EACH ROW EXECUTE FUNCTION league_main_public_change();
CREATE TRIGGER league_main_public_change_update AFTER UPDATE ON league_main FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.path IS DISTINCT FROM NEW.path OR OLD.name IS DISTINCT FROM NEW.name OR OLD.short_name IS DISTINCT FROM NEW.short_name OR OLD.logo IS DISTINCT FROM NEW.logo OR OLD.created_at IS DISTINCT FROM NEW.created_at) EXECUTE FUNCTION league_main_public_change();
CREATE TRIGGER league_main_public_change_delete AFTER DELETE ON league_main FOR EACH ROW EXECUTE FUNCTION league_main_public_change();
CREATE FUNCTION divisions_public_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(4215150);
  IF TG_OP = 'INSERT' THEN
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('divisions', NEW.id, 'insert', NULL, jsonb_build_object('main_id', NEW.main_id, 'name', NEW.name, 'sort_order', NEW.sort_order)::text);
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('divisions', NEW.id, 'update', jsonb_build_object('main_id', OLD.main_id, 'name', OLD.name, 'sort_order', OLD.sort_order)::text, jsonb_build_object('main_id', NEW.main_id, 'name', NEW.name, 'sort_order', NEW.sort_order)::text);
  ELSE
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('divisions', OLD.id, 'delete', jsonb_build_object('main_id', OLD.main_id, 'name', OLD.name, 'sort_order', OLD.sort_order)::text, NULL);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER divisions_public_change_insert AFTER INSERT ON divisions FOR EACH ROW EXECUTE FUNCTION divisions_public_change();
CREATE TRIGGER divisions_public_change_update AFTER UPDATE ON divisions FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.main_id IS DISTINCT FROM NEW.main_id OR OLD.name IS DISTINCT FROM NEW.name OR OLD.sort_order IS DISTINCT FROM NEW.sort_order) EXECUTE FUNCTION divisions_public_change();
CREATE TRIGGER divisions_public_change_delete AFTER DELETE ON divisions FOR EACH ROW EXECUTE FUNCTION divisions_public_change();
CREATE FUNCTION teams_public_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(4215150);
  IF TG_OP = 'INSERT' THEN
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('teams', NEW.id, 'insert', NULL, jsonb_build_object('main_id', NEW.main_id, 'division_id', NEW.division_id, 'name', NEW.name, 'short_name', NEW.short_name, 'logo', NEW.logo, 'home_region', NEW.home_region, 'founded', NEW.founded)::text);
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('teams', NEW.id, 'update', jsonb_build_object('main_id', OLD.main_id, 'division_id', OLD.division_id, 'name', OLD.name, 'short_name', OLD.short_name, 'logo', OLD.logo, 'home_region', OLD.home_region, 'founded', OLD.founded)::text, jsonb_build_object('main_id', NEW.main_id, 'division_id', NEW.division_id, 'name', NEW.name, 'short_name', NEW.short_name, 'logo', NEW.logo, 'home_region', NEW.home_region, 'founded', NEW.founded)::text);
  ELSE
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('teams', OLD.id, 'delete', jsonb_build_object('main_id', OLD.main_id, 'division_id', OLD.division_id, 'name', OLD.name, 'short_name', OLD.short_name, 'logo', OLD.logo, 'home_region', OLD.home_region, 'founded', OLD.founded)::text, NULL);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER teams_public_change_insert AFTER INSERT ON teams FOR EACH ROW EXECUTE FUNCTION teams_public_change();
CREATE TRIGGER teams_public_change_update AFTER UPDATE ON teams FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.main_id IS DISTINCT FROM NEW.main_id OR OLD.division_id IS DISTINCT FROM NEW.division_id OR OLD.name IS DISTINCT FROM NEW.name OR OLD.short_name IS DISTINCT FROM NEW.short_name OR OLD.logo IS DISTINCT FROM NEW.logo OR OLD.home_region IS DISTINCT FROM NEW.home_region OR OLD.founded IS DISTINCT FROM NEW.founded) EXECUTE FUNCTION teams_public_change();
CREATE TRIGGER teams_public_change_delete AFTER DELETE ON teams FOR EACH ROW EXECUTE FUNCTION teams_public_change();
CREATE FUNCTION players_public_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(4215150);
  IF TG_OP = 'INSERT' THEN
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('players', NEW.id, 'insert', NULL, jsonb_build_object('main_id', NEW.main_id)::text);
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('players', NEW.id, 'update', jsonb_build_object('main_id', OLD.main_id)::text, jsonb_build_object('main_id', NEW.main_id)::text);
  ELSE
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('players', OLD.id, 'delete', jsonb_build_object('main_id', OLD.main_id)::text, NULL);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER players_public_change_insert AFTER INSERT ON players FOR EACH ROW EXECUTE FUNCTION players_public_change();
CREATE TRIGGER players_public_change_update AFTER UPDATE ON players FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.main_id IS DISTINCT FROM NEW.main_id OR OLD.name IS DISTINCT FROM NEW.name OR OLD.birth_date IS DISTINCT FROM NEW.birth_date OR OLD.gender IS DISTINCT FROM NEW.gender OR OLD.bats IS DISTINCT FROM NEW.bats OR OLD.throws IS DISTINCT FROM NEW.throws OR OLD.position IS DISTINCT FROM NEW.position OR OLD.photo IS DISTINCT FROM NEW.photo OR OLD.erased_at IS DISTINCT FROM NEW.erased_at) EXECUTE FUNCTION players_public_change();
CREATE TRIGGER players_public_change_delete AFTER DELETE ON players FOR EACH ROW EXECUTE FUNCTION players_public_change();
CREATE FUNCTION team_players_public_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(4215150);
  IF TG_OP = 'INSERT' THEN
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('team_players', NEW.id, 'insert', NULL, jsonb_build_object('team_id', NEW.team_id, 'player_id', NEW.player_id, 'back_number', NEW.back_number, 'from_date', NEW.from_date, 'to_date', NEW.to_date)::text);
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('team_players', NEW.id, 'update', jsonb_build_object('team_id', OLD.team_id, 'player_id', OLD.player_id, 'back_number', OLD.back_number, 'from_date', OLD.from_date, 'to_date', OLD.to_date)::text, jsonb_build_object('team_id', NEW.team_id, 'player_id', NEW.player_id, 'back_number', NEW.back_number, 'from_date', NEW.from_date, 'to_date', NEW.to_date)::text);
  ELSE
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('team_players', OLD.id, 'delete', jsonb_build_object('team_id', OLD.team_id, 'player_id', OLD.player_id, 'back_number', OLD.back_number, 'from_date', OLD.from_date, 'to_date', OLD.to_date)::text, NULL);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER team_players_public_change_insert AFTER INSERT ON team_players FOR EACH ROW EXECUTE FUNCTION team_players_public_change();
CREATE TRIGGER team_players_public_change_update AFTER UPDATE ON team_players FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.team_id IS DISTINCT FROM NEW.team_id OR OLD.player_id IS DISTINCT FROM NEW.player_id OR OLD.back_number IS DISTINCT FROM NEW.back_number OR OLD.from_date IS DISTINCT FROM NEW.from_date OR OLD.to_date IS DISTINCT FROM NEW.to_date) EXECUTE FUNCTION team_players_public_change();
CREATE TRIGGER team_players_public_change_delete AFTER DELETE ON team_players FOR EACH ROW EXECUTE FUNCTION team_players_public_change();
CREATE FUNCTION coaches_public_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(4215150);
  IF TG_OP = 'INSERT' THEN
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('coaches', NEW.id, 'insert', NULL, jsonb_build_object('main_id', NEW.main_id)::text);
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('coaches', NEW.id, 'update', jsonb_build_object('main_id', OLD.main_id)::text, jsonb_build_object('main_id', NEW.main_id)::text);
  ELSE
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('coaches', OLD.id, 'delete', jsonb_build_object('main_id', OLD.main_id)::text, NULL);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER coaches_public_change_insert AFTER INSERT ON coaches FOR EACH ROW EXECUTE FUNCTION coaches_public_change();
CREATE TRIGGER coaches_public_change_update AFTER UPDATE ON coaches FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.main_id IS DISTINCT FROM NEW.main_id OR OLD.name IS DISTINCT FROM NEW.name OR OLD.birth_date IS DISTINCT FROM NEW.birth_date OR OLD.phone IS DISTINCT FROM NEW.phone OR OLD.photo IS DISTINCT FROM NEW.photo OR OLD.erased_at IS DISTINCT FROM NEW.erased_at) EXECUTE FUNCTION coaches_public_change();
CREATE TRIGGER coaches_public_change_delete AFTER DELETE ON coaches FOR EACH ROW EXECUTE FUNCTION coaches_public_change();
CREATE FUNCTION team_coaches_public_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(4215150);
  IF TG_OP = 'INSERT' THEN
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('team_coaches', NEW.id, 'insert', NULL, jsonb_build_object('team_id', NEW.team_id, 'coach_id', NEW.coach_id, 'role', NEW.role, 'from_date', NEW.from_date, 'to_date', NEW.to_date)::text);
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('team_coaches', NEW.id, 'update', jsonb_build_object('team_id', OLD.team_id, 'coach_id', OLD.coach_id, 'role', OLD.role, 'from_date', OLD.from_date, 'to_date', OLD.to_date)::text, jsonb_build_object('team_id', NEW.team_id, 'coach_id', NEW.coach_id, 'role', NEW.role, 'from_date', NEW.from_date, 'to_date', NEW.to_date)::text);
  ELSE
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('team_coaches', OLD.id, 'delete', jsonb_build_object('team_id', OLD.team_id, 'coach_id', OLD.coach_id, 'role', OLD.role, 'from_date', OLD.from_date, 'to_date', OLD.to_date)::text, NULL);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER team_coaches_public_change_insert AFTER INSERT ON team_coaches FOR EACH ROW EXECUTE FUNCTION team_coaches_public_change();
CREATE TRIGGER team_coaches_public_change_update AFTER UPDATE ON team_coaches FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.team_id IS DISTINCT FROM NEW.team_id OR OLD.coach_id IS DISTINCT FROM NEW.coach_id OR OLD.role IS DISTINCT FROM NEW.role OR OLD.from_date IS DISTINCT FROM NEW.from_date OR OLD.to_date IS DISTINCT FROM NEW.to_date) EXECUTE FUNCTION team_coaches_public_change();
CREATE TRIGGER team_coaches_public_change_delete AFTER DELETE ON team_coaches FOR EACH ROW EXECUTE FUNCTION team_coaches_public_change();
CREATE FUNCTION seasons_public_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(4215150);
  IF TG_OP = 'INSERT' THEN
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('seasons', NEW.id, 'insert', NULL, jsonb_build_object('main_id', NEW.main_id, 'name', NEW.name, 'year', NEW.year, 'active', NEW.active, 'active_main_id', NEW.active_main_id)::text);
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('seasons', NEW.id, 'update', jsonb_build_object('main_id', OLD.main_id, 'name', OLD.name, 'year', OLD.year, 'active', OLD.active, 'active_main_id', OLD.active_main_id)::text, jsonb_build_object('main_id', NEW.main_id, 'name', NEW.name, 'year', NEW.year, 'active', NEW.active, 'active_main_id', NEW.active_main_id)::text);
  ELSE
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('seasons', OLD.id, 'delete', jsonb_build_object('main_id', OLD.main_id, 'name', OLD.name, 'year', OLD.year, 'active', OLD.active, 'active_main_id', OLD.active_main_id)::text, NULL);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER seasons_public_change_insert AFTER INSERT ON seasons FOR EACH ROW EXECUTE FUNCTION seasons_public_change();
CREATE TRIGGER seasons_public_change_update AFTER UPDATE ON seasons FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.main_id IS DISTINCT FROM NEW.main_id OR OLD.name IS DISTINCT FROM NEW.name OR OLD.year IS DISTINCT FROM NEW.year OR OLD.active IS DISTINCT FROM NEW.active OR OLD.active_main_id IS DISTINCT FROM NEW.active_main_id) EXECUTE FUNCTION seasons_public_change();
CREATE TRIGGER seasons_public_change_delete AFTER DELETE ON seasons FOR EACH ROW EXECUTE FUNCTION seasons_public_change();
CREATE FUNCTION leagues_public_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(4215150);
  IF TG_OP = 'INSERT' THEN
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('leagues', NEW.id, 'insert', NULL, jsonb_build_object('season_id', NEW.season_id, 'division_id', NEW.division_id, 'name', NEW.name, 'logo', NEW.logo, 'start_date', NEW.start_date, 'end_date', NEW.end_date, 'status', NEW.status, 'innings_per_game', NEW.innings_per_game, 'run_ahead_rule', NEW.run_ahead_rule, 'ties_allowed', NEW.ties_allowed, 'ranking_method', NEW.ranking_method, 'points_win', NEW.points_win, 'points_draw', NEW.points_draw, 'points_loss', NEW.points_loss, 'tie_breakers', NEW.tie_breakers, 'era_basis', NEW.era_basis, 'qualify_pa_per_game', NEW.qualify_pa_per_game, 'qualify_ip_per_game', NEW.qualify_ip_per_game)::text);
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('leagues', NEW.id, 'update', jsonb_build_object('season_id', OLD.season_id, 'division_id', OLD.division_id, 'name', OLD.name, 'logo', OLD.logo, 'start_date', OLD.start_date, 'end_date', OLD.end_date, 'status', OLD.status, 'innings_per_game', OLD.innings_per_game, 'run_ahead_rule', OLD.run_ahead_rule, 'ties_allowed', OLD.ties_allowed, 'ranking_method', OLD.ranking_method, 'points_win', OLD.points_win, 'points_draw', OLD.points_draw, 'points_loss', OLD.points_loss, 'tie_breakers', OLD.tie_breakers, 'era_basis', OLD.era_basis, 'qualify_pa_per_game', OLD.qualify_pa_per_game, 'qualify_ip_per_game', OLD.qualify_ip_per_game)::text, jsonb_build_object('season_id', NEW.season_id, 'division_id', NEW.division_id, 'name', NEW.name, 'logo', NEW.logo, 'start_date', NEW.start_date, 'end_date', NEW.end_date, 'status', NEW.status, 'innings_per_game', NEW.innings_per_game, 'run_ahead_rule', NEW.run_ahead_rule, 'ties_allowed', NEW.ties_allowed, 'ranking_method', NEW.ranking_method, 'points_win', NEW.points_win, 'points_draw', NEW.points_draw, 'points_loss', NEW.points_loss, 'tie_breakers', NEW.tie_breakers, 'era_basis', NEW.era_basis, 'qualify_pa_per_game', NEW.qualify_pa_per_game, 'qualify_ip_per_game', NEW.qualify_ip_per_game)::text);
  ELSE
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('leagues', OLD.id, 'delete', jsonb_build_object('season_id', OLD.season_id, 'division_id', OLD.division_id, 'name', OLD.name, 'logo', OLD.logo, 'start_date', OLD.start_date, 'end_date', OLD.end_date, 'status', OLD.status, 'innings_per_game', OLD.innings_per_game, 'run_ahead_rule', OLD.run_ahead_rule, 'ties_allowed', OLD.ties_allowed, 'ranking_method', OLD.ranking_method, 'points_win', OLD.points_win, 'points_draw', OLD.points_draw, 'points_loss', OLD.points_loss, 'tie_breakers', OLD.tie_breakers, 'era_basis', OLD.era_basis, 'qualify_pa_per_game', OLD.qualify_pa_per_game, 'qualify_ip_per_game', OLD.qualify_ip_per_game)::text, NULL);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER leagues_public_change_insert AFTER INSERT ON leagues FOR EACH ROW EXECUTE FUNCTION leagues_public_change();
CREATE TRIGGER leagues_public_change_update AFTER UPDATE ON leagues FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.season_id IS DISTINCT FROM NEW.season_id OR OLD.division_id IS DISTINCT FROM NEW.division_id OR OLD.name IS DISTINCT FROM NEW.name OR OLD.logo IS DISTINCT FROM NEW.logo OR OLD.start_date IS DISTINCT FROM NEW.start_date OR OLD.end_date IS DISTINCT FROM NEW.end_date OR OLD.status IS DISTINCT FROM NEW.status OR OLD.innings_per_game IS DISTINCT FROM NEW.innings_per_game OR OLD.run_ahead_rule IS DISTINCT FROM NEW.run_ahead_rule OR OLD.ties_allowed IS DISTINCT FROM NEW.ties_allowed OR OLD.ranking_method IS DISTINCT FROM NEW.ranking_method OR OLD.points_win IS DISTINCT FROM NEW.points_win OR OLD.points_draw IS DISTINCT FROM NEW.points_draw OR OLD.points_loss IS DISTINCT FROM NEW.points_loss OR OLD.tie_breakers IS DISTINCT FROM NEW.tie_breakers OR OLD.era_basis IS DISTINCT FROM NEW.era_basis OR OLD.qualify_pa_per_game IS DISTINCT FROM NEW.qualify_pa_per_game OR OLD.qualify_ip_per_game IS DISTINCT FROM NEW.qualify_ip_per_game) EXECUTE FUNCTION leagues_public_change();
CREATE TRIGGER leagues_public_change_delete AFTER DELETE ON leagues FOR EACH ROW EXECUTE FUNCTION leagues_public_change();
CREATE FUNCTION league_teams_public_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(4215150);
  IF TG_OP = 'INSERT' THEN
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('league_teams', NEW.id, 'insert', NULL, jsonb_build_object('league_id', NEW.league_id, 'team_id', NEW.team_id)::text);
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('league_teams', NEW.id, 'update', jsonb_build_object('league_id', OLD.league_id, 'team_id', OLD.team_id)::text, jsonb_build_object('league_id', NEW.league_id, 'team_id', NEW.team_id)::text);
  ELSE
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('league_teams', OLD.id, 'delete', jsonb_build_object('league_id', OLD.league_id, 'team_id', OLD.team_id)::text, NULL);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER league_teams_public_change_insert AFTER INSERT ON league_teams FOR EACH ROW EXECUTE FUNCTION league_teams_public_change();
CREATE TRIGGER league_teams_public_change_update AFTER UPDATE ON league_teams FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.league_id IS DISTINCT FROM NEW.league_id OR OLD.team_id IS DISTINCT FROM NEW.team_id) EXECUTE FUNCTION league_teams_public_change();
CREATE TRIGGER league_teams_public_change_delete AFTER DELETE ON league_teams FOR EACH ROW EXECUTE FUNCTION league_teams_public_change();
CREATE FUNCTION league_players_public_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(4215150);
  IF TG_OP = 'INSERT' THEN
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('league_players', NEW.id, 'insert', NULL, jsonb_build_object('league_id', NEW.league_id, 'team_id', NEW.team_id, 'player_id', NEW.player_id, 'back_number', NEW.back_number, 'status', NEW.status, 'registered_on', NEW.registered_on)::text);
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('league_players', NEW.id, 'update', jsonb_build_object('league_id', OLD.league_id, 'team_id', OLD.team_id, 'player_id', OLD.player_id, 'back_number', OLD.back_number, 'status', OLD.status, 'registered_on', OLD.registered_on)::text, jsonb_build_object('league_id', NEW.league_id, 'team_id', NEW.team_id, 'player_id', NEW.player_id, 'back_number', NEW.back_number, 'status', NEW.status, 'registered_on', NEW.registered_on)::text);
  ELSE
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('league_players', OLD.id, 'delete', jsonb_build_object('league_id', OLD.league_id, 'team_id', OLD.team_id, 'player_id', OLD.player_id, 'back_number', OLD.back_number, 'status', OLD.status, 'registered_on', OLD.registered_on)::text, NULL);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER league_players_public_change_insert AFTER INSERT ON league_players FOR EACH ROW EXECUTE FUNCTION league_players_public_change();
CREATE TRIGGER league_players_public_change_update AFTER UPDATE ON league_players FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.league_id IS DISTINCT FROM NEW.league_id OR OLD.team_id IS DISTINCT FROM NEW.team_id OR OLD.player_id IS DISTINCT FROM NEW.player_id OR OLD.back_number IS DISTINCT FROM NEW.back_number OR OLD.status IS DISTINCT FROM NEW.status OR OLD.registered_on IS DISTINCT FROM NEW.registered_on) EXECUTE FUNCTION league_players_public_change();
CREATE TRIGGER league_players_public_change_delete AFTER DELETE ON league_players FOR EACH ROW EXECUTE FUNCTION league_players_public_change();
CREATE FUNCTION league_coaches_public_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(4215150);
  IF TG_OP = 'INSERT' THEN
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('league_coaches', NEW.id, 'insert', NULL, jsonb_build_object('league_id', NEW.league_id, 'team_id', NEW.team_id, 'coach_id', NEW.coach_id, 'role', NEW.role)::text);
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('league_coaches', NEW.id, 'update', jsonb_build_object('league_id', OLD.league_id, 'team_id', OLD.team_id, 'coach_id', OLD.coach_id, 'role', OLD.role)::text, jsonb_build_object('league_id', NEW.league_id, 'team_id', NEW.team_id, 'coach_id', NEW.coach_id, 'role', NEW.role)::text);
  ELSE
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('league_coaches', OLD.id, 'delete', jsonb_build_object('league_id', OLD.league_id, 'team_id', OLD.team_id, 'coach_id', OLD.coach_id, 'role', OLD.role)::text, NULL);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER league_coaches_public_change_insert AFTER INSERT ON league_coaches FOR EACH ROW EXECUTE FUNCTION league_coaches_public_change();
CREATE TRIGGER league_coaches_public_change_update AFTER UPDATE ON league_coaches FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.league_id IS DISTINCT FROM NEW.league_id OR OLD.team_id IS DISTINCT FROM NEW.team_id OR OLD.coach_id IS DISTINCT FROM NEW.coach_id OR OLD.role IS DISTINCT FROM NEW.role) EXECUTE FUNCTION league_coaches_public_change();
CREATE TRIGGER league_coaches_public_change_delete AFTER DELETE ON league_coaches FOR EACH ROW EXECUTE FUNCTION league_coaches_public_change();
CREATE FUNCTION games_public_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(4215150);
  IF TG_OP = 'INSERT' THEN
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('games', NEW.id, 'insert', NULL, jsonb_build_object('league_id', NEW.league_id, 'game_no', NEW.game_no, 'round', NEW.round, 'stage', NEW.stage, 'game_date', NEW.game_date, 'game_time', NEW.game_time, 'venue', NEW.venue, 'home_team_id', NEW.home_team_id, 'away_team_id', NEW.away_team_id, 'status', NEW.status, 'home_score', NEW.home_score, 'away_score', NEW.away_score, 'innings_played', NEW.innings_played, 'forfeit_winner_team_id', NEW.forfeit_winner_team_id, 'win_pitcher_id', NEW.win_pitcher_id, 'loss_pitcher_id', NEW.loss_pitcher_id, 'save_pitcher_id', NEW.save_pitcher_id, 'mvp_player_id', NEW.mvp_player_id, 'notes', NEW.notes)::text);
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('games', NEW.id, 'update', jsonb_build_object('league_id', OLD.league_id, 'game_no', OLD.game_no, 'round', OLD.round, 'stage', OLD.stage, 'game_date', OLD.game_date, 'game_time', OLD.game_time, 'venue', OLD.venue, 'home_team_id', OLD.home_team_id, 'away_team_id', OLD.away_team_id, 'status', OLD.status, 'home_score', OLD.home_score, 'away_score', OLD.away_score, 'innings_played', OLD.innings_played, 'forfeit_winner_team_id', OLD.forfeit_winner_team_id, 'win_pitcher_id', OLD.win_pitcher_id, 'loss_pitcher_id', OLD.loss_pitcher_id, 'save_pitcher_id', OLD.save_pitcher_id, 'mvp_player_id', OLD.mvp_player_id, 'notes', OLD.notes)::text, jsonb_build_object('league_id', NEW.league_id, 'game_no', NEW.game_no, 'round', NEW.round, 'stage', NEW.stage, 'game_date', NEW.game_date, 'game_time', NEW.game_time, 'venue', NEW.venue, 'home_team_id', NEW.home_team_id, 'away_team_id', NEW.away_team_id, 'status', NEW.status, 'home_score', NEW.home_score, 'away_score', NEW.away_score, 'innings_played', NEW.innings_played, 'forfeit_winner_team_id', NEW.forfeit_winner_team_id, 'win_pitcher_id', NEW.win_pitcher_id, 'loss_pitcher_id', NEW.loss_pitcher_id, 'save_pitcher_id', NEW.save_pitcher_id, 'mvp_player_id', NEW.mvp_player_id, 'notes', NEW.notes)::text);
  ELSE
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('games', OLD.id, 'delete', jsonb_build_object('league_id', OLD.league_id, 'game_no', OLD.game_no, 'round', OLD.round, 'stage', OLD.stage, 'game_date', OLD.game_date, 'game_time', OLD.game_time, 'venue', OLD.venue, 'home_team_id', OLD.home_team_id, 'away_team_id', OLD.away_team_id, 'status', OLD.status, 'home_score', OLD.home_score, 'away_score', OLD.away_score, 'innings_played', OLD.innings_played, 'forfeit_winner_team_id', OLD.forfeit_winner_team_id, 'win_pitcher_id', OLD.win_pitcher_id, 'loss_pitcher_id', OLD.loss_pitcher_id, 'save_pitcher_id', OLD.save_pitcher_id, 'mvp_player_id', OLD.mvp_player_id, 'notes', OLD.notes)::text, NULL);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER games_public_change_insert AFTER INSERT ON games FOR EACH ROW EXECUTE FUNCTION games_public_change();
CREATE TRIGGER games_public_change_update AFTER UPDATE ON games FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.league_id IS DISTINCT FROM NEW.league_id OR OLD.game_no IS DISTINCT FROM NEW.game_no OR OLD.round IS DISTINCT FROM NEW.round OR OLD.stage IS DISTINCT FROM NEW.stage OR OLD.game_date IS DISTINCT FROM NEW.game_date OR OLD.game_time IS DISTINCT FROM NEW.game_time OR OLD.venue IS DISTINCT FROM NEW.venue OR OLD.home_team_id IS DISTINCT FROM NEW.home_team_id OR OLD.away_team_id IS DISTINCT FROM NEW.away_team_id OR OLD.status IS DISTINCT FROM NEW.status OR OLD.home_score IS DISTINCT FROM NEW.home_score OR OLD.away_score IS DISTINCT FROM NEW.away_score OR OLD.innings_played IS DISTINCT FROM NEW.innings_played OR OLD.forfeit_winner_team_id IS DISTINCT FROM NEW.forfeit_winner_team_id OR OLD.win_pitcher_id IS DISTINCT FROM NEW.win_pitcher_id OR OLD.loss_pitcher_id IS DISTINCT FROM NEW.loss_pitcher_id OR OLD.save_pitcher_id IS DISTINCT FROM NEW.save_pitcher_id OR OLD.mvp_player_id IS DISTINCT FROM NEW.mvp_player_id OR OLD.notes IS DISTINCT FROM NEW.notes) EXECUTE FUNCTION games_public_change();
CREATE TRIGGER games_public_change_delete AFTER DELETE ON games FOR EACH ROW EXECUTE FUNCTION games_public_change();
CREATE FUNCTION game_innings_public_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(4215150);
  IF TG_OP = 'INSERT' THEN
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('game_innings', NULL, 'insert', NULL, jsonb_build_object('game_id', NEW.game_id, 'inning', NEW.inning, 'half', NEW.half, 'runs', NEW.runs)::text);
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('game_innings', NULL, 'update', jsonb_build_object('game_id', OLD.game_id, 'inning', OLD.inning, 'half', OLD.half, 'runs', OLD.runs)::text, jsonb_build_object('game_id', NEW.game_id, 'inning', NEW.inning, 'half', NEW.half, 'runs', NEW.runs)::text);
  ELSE
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('game_innings', NULL, 'delete', jsonb_build_object('game_id', OLD.game_id, 'inning', OLD.inning, 'half', OLD.half, 'runs', OLD.runs)::text, NULL);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER game_innings_public_change_insert AFTER INSERT ON game_innings FOR EACH ROW EXECUTE FUNCTION game_innings_public_change();
CREATE TRIGGER game_innings_public_change_update AFTER UPDATE ON game_innings FOR EACH ROW WHEN (OLD.game_id IS DISTINCT FROM NEW.game_id OR OLD.inning IS DISTINCT FROM NEW.inning OR OLD.half IS DISTINCT FROM NEW.half OR OLD.runs IS DISTINCT FROM NEW.runs) EXECUTE FUNCTION game_innings_public_change();
CREATE TRIGGER game_innings_public_change_delete AFTER DELETE ON game_innings FOR EACH ROW EXECUTE FUNCTION game_innings_public_change();
CREATE FUNCTION game_live_public_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(4215150);
  IF TG_OP = 'INSERT' THEN
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('game_live', NEW.game_id, 'insert', NULL, jsonb_build_object('game_id', NEW.game_id)::text);
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('game_live', NEW.game_id, 'update', jsonb_build_object('game_id', OLD.game_id)::text, jsonb_build_object('game_id', NEW.game_id)::text);
  ELSE
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('game_live', OLD.game_id, 'delete', jsonb_build_object('game_id', OLD.game_id)::text, NULL);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER game_live_public_change_insert AFTER INSERT ON game_live FOR EACH ROW EXECUTE FUNCTION game_live_public_change();
CREATE TRIGGER game_live_public_change_update AFTER UPDATE ON game_live FOR EACH ROW WHEN (OLD.game_id IS DISTINCT FROM NEW.game_id OR OLD.away_runs IS DISTINCT FROM NEW.away_runs OR OLD.home_runs IS DISTINCT FROM NEW.home_runs OR OLD.inning IS DISTINCT FROM NEW.inning OR OLD.half IS DISTINCT FROM NEW.half OR OLD.outs IS DISTINCT FROM NEW.outs OR OLD.away_hits IS DISTINCT FROM NEW.away_hits OR OLD.home_hits IS DISTINCT FROM NEW.home_hits OR OLD.away_errors IS DISTINCT FROM NEW.away_errors OR OLD.home_errors IS DISTINCT FROM NEW.home_errors OR OLD.started_at IS DISTINCT FROM NEW.started_at OR OLD.ended_at IS DISTINCT FROM NEW.ended_at) EXECUTE FUNCTION game_live_public_change();
CREATE TRIGGER game_live_public_change_delete AFTER DELETE ON game_live FOR EACH ROW EXECUTE FUNCTION game_live_public_change();
CREATE FUNCTION game_batting_public_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(4215150);
  IF TG_OP = 'INSERT' THEN
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('game_batting', NEW.id, 'insert', NULL, jsonb_build_object('game_id', NEW.game_id, 'team_id', NEW.team_id, 'player_id', NEW.player_id, 'batting_order', NEW.batting_order, 'seq', NEW.seq, 'position', NEW.position, 'pa', NEW.pa, 'ab', NEW.ab, 'r', NEW.r, 'h', NEW.h, 'b2', NEW.b2, 'b3', NEW.b3, 'hr', NEW.hr, 'rbi', NEW.rbi, 'bb', NEW.bb, 'hbp', NEW.hbp, 'so', NEW.so, 'sb', NEW.sb, 'cs', NEW.cs, 'sh', NEW.sh, 'sf', NEW.sf, 'e', NEW.e, 'gidp', NEW.gidp, 'gwrbi', NEW.gwrbi, 'hr_innings', NEW.hr_innings, 'b2_innings', NEW.b2_innings, 'b3_innings', NEW.b3_innings, 'sb_innings', NEW.sb_innings, 'e_innings', NEW.e_innings, 'gidp_innings', NEW.gidp_innings)::text);
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('game_batting', NEW.id, 'update', jsonb_build_object('game_id', OLD.game_id, 'team_id', OLD.team_id, 'player_id', OLD.player_id, 'batting_order', OLD.batting_order, 'seq', OLD.seq, 'position', OLD.position, 'pa', OLD.pa, 'ab', OLD.ab, 'r', OLD.r, 'h', OLD.h, 'b2', OLD.b2, 'b3', OLD.b3, 'hr', OLD.hr, 'rbi', OLD.rbi, 'bb', OLD.bb, 'hbp', OLD.hbp, 'so', OLD.so, 'sb', OLD.sb, 'cs', OLD.cs, 'sh', OLD.sh, 'sf', OLD.sf, 'e', OLD.e, 'gidp', OLD.gidp, 'gwrbi', OLD.gwrbi, 'hr_innings', OLD.hr_innings, 'b2_innings', OLD.b2_innings, 'b3_innings', OLD.b3_innings, 'sb_innings', OLD.sb_innings, 'e_innings', OLD.e_innings, 'gidp_innings', OLD.gidp_innings)::text, jsonb_build_object('game_id', NEW.game_id, 'team_id', NEW.team_id, 'player_id', NEW.player_id, 'batting_order', NEW.batting_order, 'seq', NEW.seq, 'position', NEW.position, 'pa', NEW.pa, 'ab', NEW.ab, 'r', NEW.r, 'h', NEW.h, 'b2', NEW.b2, 'b3', NEW.b3, 'hr', NEW.hr, 'rbi', NEW.rbi, 'bb', NEW.bb, 'hbp', NEW.hbp, 'so', NEW.so, 'sb', NEW.sb, 'cs', NEW.cs, 'sh', NEW.sh, 'sf', NEW.sf, 'e', NEW.e, 'gidp', NEW.gidp, 'gwrbi', NEW.gwrbi, 'hr_innings', NEW.hr_innings, 'b2_innings', NEW.b2_innings, 'b3_innings', NEW.b3_innings, 'sb_innings', NEW.sb_innings, 'e_innings', NEW.e_innings, 'gidp_innings', NEW.gidp_innings)::text);
  ELSE
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('game_batting', OLD.id, 'delete', jsonb_build_object('game_id', OLD.game_id, 'team_id', OLD.team_id, 'player_id', OLD.player_id, 'batting_order', OLD.batting_order, 'seq', OLD.seq, 'position', OLD.position, 'pa', OLD.pa, 'ab', OLD.ab, 'r', OLD.r, 'h', OLD.h, 'b2', OLD.b2, 'b3', OLD.b3, 'hr', OLD.hr, 'rbi', OLD.rbi, 'bb', OLD.bb, 'hbp', OLD.hbp, 'so', OLD.so, 'sb', OLD.sb, 'cs', OLD.cs, 'sh', OLD.sh, 'sf', OLD.sf, 'e', OLD.e, 'gidp', OLD.gidp, 'gwrbi', OLD.gwrbi, 'hr_innings', OLD.hr_innings, 'b2_innings', OLD.b2_innings, 'b3_innings', OLD.b3_innings, 'sb_innings', OLD.sb_innings, 'e_innings', OLD.e_innings, 'gidp_innings', OLD.gidp_innings)::text, NULL);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER game_batting_public_change_insert AFTER INSERT ON game_batting FOR EACH ROW EXECUTE FUNCTION game_batting_public_change();
CREATE TRIGGER game_batting_public_change_update AFTER UPDATE ON game_batting FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.game_id IS DISTINCT FROM NEW.game_id OR OLD.team_id IS DISTINCT FROM NEW.team_id OR OLD.player_id IS DISTINCT FROM NEW.player_id OR OLD.batting_order IS DISTINCT FROM NEW.batting_order OR OLD.seq IS DISTINCT FROM NEW.seq OR OLD.position IS DISTINCT FROM NEW.position OR OLD.pa IS DISTINCT FROM NEW.pa OR OLD.ab IS DISTINCT FROM NEW.ab OR OLD.r IS DISTINCT FROM NEW.r OR OLD.h IS DISTINCT FROM NEW.h OR OLD.b2 IS DISTINCT FROM NEW.b2 OR OLD.b3 IS DISTINCT FROM NEW.b3 OR OLD.hr IS DISTINCT FROM NEW.hr OR OLD.rbi IS DISTINCT FROM NEW.rbi OR OLD.bb IS DISTINCT FROM NEW.bb OR OLD.hbp IS DISTINCT FROM NEW.hbp OR OLD.so IS DISTINCT FROM NEW.so OR OLD.sb IS DISTINCT FROM NEW.sb OR OLD.cs IS DISTINCT FROM NEW.cs OR OLD.sh IS DISTINCT FROM NEW.sh OR OLD.sf IS DISTINCT FROM NEW.sf OR OLD.e IS DISTINCT FROM NEW.e OR OLD.gidp IS DISTINCT FROM NEW.gidp OR OLD.gwrbi IS DISTINCT FROM NEW.gwrbi OR OLD.hr_innings IS DISTINCT FROM NEW.hr_innings OR OLD.b2_innings IS DISTINCT FROM NEW.b2_innings OR OLD.b3_innings IS DISTINCT FROM NEW.b3_innings OR OLD.sb_innings IS DISTINCT FROM NEW.sb_innings OR OLD.e_innings IS DISTINCT FROM NEW.e_innings OR OLD.gidp_innings IS DISTINCT FROM NEW.gidp_innings) EXECUTE FUNCTION game_batting_public_change();
CREATE TRIGGER game_batting_public_change_delete AFTER DELETE ON game_batting FOR EACH ROW EXECUTE FUNCTION game_batting_public_change();
CREATE FUNCTION game_pitching_public_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(4215150);
  IF TG_OP = 'INSERT' THEN
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('game_pitching', NEW.id, 'insert', NULL, jsonb_build_object('game_id', NEW.game_id, 'team_id', NEW.team_id, 'player_id', NEW.player_id, 'seq', NEW.seq, 'outs', NEW.outs, 'bf', NEW.bf, 'h', NEW.h, 'r', NEW.r, 'er', NEW.er, 'bb', NEW.bb, 'hbp', NEW.hbp, 'so', NEW.so, 'hr', NEW.hr, 'wp', NEW.wp, 'decision', NEW.decision)::text);
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('game_pitching', NEW.id, 'update', jsonb_build_object('game_id', OLD.game_id, 'team_id', OLD.team_id, 'player_id', OLD.player_id, 'seq', OLD.seq, 'outs', OLD.outs, 'bf', OLD.bf, 'h', OLD.h, 'r', OLD.r, 'er', OLD.er, 'bb', OLD.bb, 'hbp', OLD.hbp, 'so', OLD.so, 'hr', OLD.hr, 'wp', OLD.wp, 'decision', OLD.decision)::text, jsonb_build_object('game_id', NEW.game_id, 'team_id', NEW.team_id, 'player_id', NEW.player_id, 'seq', NEW.seq, 'outs', NEW.outs, 'bf', NEW.bf, 'h', NEW.h, 'r', NEW.r, 'er', NEW.er, 'bb', NEW.bb, 'hbp', NEW.hbp, 'so', NEW.so, 'hr', NEW.hr, 'wp', NEW.wp, 'decision', NEW.decision)::text);
  ELSE
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('game_pitching', OLD.id, 'delete', jsonb_build_object('game_id', OLD.game_id, 'team_id', OLD.team_id, 'player_id', OLD.player_id, 'seq', OLD.seq, 'outs', OLD.outs, 'bf', OLD.bf, 'h', OLD.h, 'r', OLD.r, 'er', OLD.er, 'bb', OLD.bb, 'hbp', OLD.hbp, 'so', OLD.so, 'hr', OLD.hr, 'wp', OLD.wp, 'decision', OLD.decision)::text, NULL);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER game_pitching_public_change_insert AFTER INSERT ON game_pitching FOR EACH ROW EXECUTE FUNCTION game_pitching_public_change();
CREATE TRIGGER game_pitching_public_change_update AFTER UPDATE ON game_pitching FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.game_id IS DISTINCT FROM NEW.game_id OR OLD.team_id IS DISTINCT FROM NEW.team_id OR OLD.player_id IS DISTINCT FROM NEW.player_id OR OLD.seq IS DISTINCT FROM NEW.seq OR OLD.outs IS DISTINCT FROM NEW.outs OR OLD.bf IS DISTINCT FROM NEW.bf OR OLD.h IS DISTINCT FROM NEW.h OR OLD.r IS DISTINCT FROM NEW.r OR OLD.er IS DISTINCT FROM NEW.er OR OLD.bb IS DISTINCT FROM NEW.bb OR OLD.hbp IS DISTINCT FROM NEW.hbp OR OLD.so IS DISTINCT FROM NEW.so OR OLD.hr IS DISTINCT FROM NEW.hr OR OLD.wp IS DISTINCT FROM NEW.wp OR OLD.decision IS DISTINCT FROM NEW.decision) EXECUTE FUNCTION game_pitching_public_change();
CREATE TRIGGER game_pitching_public_change_delete AFTER DELETE ON game_pitching FOR EACH ROW EXECUTE FUNCTION game_pitching_public_change();
CREATE FUNCTION league_results_public_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(4215150);
  IF TG_OP = 'INSERT' THEN
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('league_results', NEW.id, 'insert', NULL, jsonb_build_object('league_id', NEW.league_id, 'team_id', NEW.team_id, 'rank', NEW.rank, 'note', NEW.note)::text);
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('league_results', NEW.id, 'update', jsonb_build_object('league_id', OLD.league_id, 'team_id', OLD.team_id, 'rank', OLD.rank, 'note', OLD.note)::text, jsonb_build_object('league_id', NEW.league_id, 'team_id', NEW.team_id, 'rank', NEW.rank, 'note', NEW.note)::text);
  ELSE
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('league_results', OLD.id, 'delete', jsonb_build_object('league_id', OLD.league_id, 'team_id', OLD.team_id, 'rank', OLD.rank, 'note', OLD.note)::text, NULL);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER league_results_public_change_insert AFTER INSERT ON league_results FOR EACH ROW EXECUTE FUNCTION league_results_public_change();
CREATE TRIGGER league_results_public_change_update AFTER UPDATE ON league_results FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.league_id IS DISTINCT FROM NEW.league_id OR OLD.team_id IS DISTINCT FROM NEW.team_id OR OLD.rank IS DISTINCT FROM NEW.rank OR OLD.note IS DISTINCT FROM NEW.note) EXECUTE FUNCTION league_results_public_change();
CREATE TRIGGER league_results_public_change_delete AFTER DELETE ON league_results FOR EACH ROW EXECUTE FUNCTION league_results_public_change();
CREATE FUNCTION league_awards_public_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(4215150);
  IF TG_OP = 'INSERT' THEN
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('league_awards', NEW.id, 'insert', NULL, jsonb_build_object('league_id', NEW.league_id, 'award_name', NEW.award_name, 'player_id', NEW.player_id, 'team_id', NEW.team_id, 'note', NEW.note)::text);
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('league_awards', NEW.id, 'update', jsonb_build_object('league_id', OLD.league_id, 'award_name', OLD.award_name, 'player_id', OLD.player_id, 'team_id', OLD.team_id, 'note', OLD.note)::text, jsonb_build_object('league_id', NEW.league_id, 'award_name', NEW.award_name, 'player_id', NEW.player_id, 'team_id', NEW.team_id, 'note', NEW.note)::text);
  ELSE
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('league_awards', OLD.id, 'delete', jsonb_build_object('league_id', OLD.league_id, 'award_name', OLD.award_name, 'player_id', OLD.player_id, 'team_id', OLD.team_id, 'note', OLD.note)::text, NULL);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER league_awards_public_change_insert AFTER INSERT ON league_awards FOR EACH ROW EXECUTE FUNCTION league_awards_public_change();
CREATE TRIGGER league_awards_public_change_update AFTER UPDATE ON league_awards FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.league_id IS DISTINCT FROM NEW.league_id OR OLD.award_name IS DISTINCT FROM NEW.award_name OR OLD.player_id IS DISTINCT FROM NEW.player_id OR OLD.team_id IS DISTINCT FROM NEW.team_id OR OLD.note IS DISTINCT FROM NEW.note) EXECUTE FUNCTION league_awards_public_change();
CREATE TRIGGER league_awards_public_change_delete AFTER DELETE ON league_awards FOR EACH ROW EXECUTE FUNCTION league_awards_public_change();
CREATE FUNCTION notices_public_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(4215150);
  IF TG_OP = 'INSERT' THEN
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('notices', NEW.wr_id, 'insert', NULL, jsonb_build_object('main_id', NEW.main_id, 'draft', NEW.draft)::text);
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('notices', NEW.wr_id, 'update', jsonb_build_object('main_id', OLD.main_id, 'draft', OLD.draft)::text, jsonb_build_object('main_id', NEW.main_id, 'draft', NEW.draft)::text);
  ELSE
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('notices', OLD.wr_id, 'delete', jsonb_build_object('main_id', OLD.main_id, 'draft', OLD.draft)::text, NULL);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER notices_public_change_insert AFTER INSERT ON notices FOR EACH ROW EXECUTE FUNCTION notices_public_change();
CREATE TRIGGER notices_public_change_update AFTER UPDATE ON notices FOR EACH ROW WHEN (OLD.wr_id IS DISTINCT FROM NEW.wr_id OR OLD.main_id IS DISTINCT FROM NEW.main_id OR OLD.title IS DISTINCT FROM NEW.title OR OLD.body IS DISTINCT FROM NEW.body OR OLD.author_id IS DISTINCT FROM NEW.author_id OR OLD.author_name IS DISTINCT FROM NEW.author_name OR OLD.pinned IS DISTINCT FROM NEW.pinned OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.draft IS DISTINCT FROM NEW.draft) EXECUTE FUNCTION notices_public_change();
CREATE TRIGGER notices_public_change_delete AFTER DELETE ON notices FOR EACH ROW EXECUTE FUNCTION notices_public_change();
CREATE FUNCTION notice_attachments_public_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(4215150);
  IF TG_OP = 'INSERT' THEN
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('notice_attachments', NEW.id, 'insert', NULL, jsonb_build_object('wr_id', NEW.wr_id, 'upload_id', NEW.upload_id)::text);
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('notice_attachments', NEW.id, 'update', jsonb_build_object('wr_id', OLD.wr_id, 'upload_id', OLD.upload_id)::text, jsonb_build_object('wr_id', NEW.wr_id, 'upload_id', NEW.upload_id)::text);
  ELSE
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('notice_attachments', OLD.id, 'delete', jsonb_build_object('wr_id', OLD.wr_id, 'upload_id', OLD.upload_id)::text, NULL);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER notice_attachments_public_change_insert AFTER INSERT ON notice_attachments FOR EACH ROW EXECUTE FUNCTION notice_attachments_public_change();
CREATE TRIGGER notice_attachments_public_change_update AFTER UPDATE ON notice_attachments FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.wr_id IS DISTINCT FROM NEW.wr_id OR OLD.upload_id IS DISTINCT FROM NEW.upload_id) EXECUTE FUNCTION notice_attachments_public_change();
CREATE TRIGGER notice_attachments_public_change_delete AFTER DELETE ON notice_attachments FOR EACH ROW EXECUTE FUNCTION notice_attachments_public_change();
`;
