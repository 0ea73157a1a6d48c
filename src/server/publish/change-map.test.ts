import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import type { OpenedDatabase } from '../db/database.ts';
import {
  capturedTables,
  postgresChangeTriggers,
  sqliteChangeTriggers,
  triggerNames,
} from '../db/change-triggers.ts';
import { EVERY_PAGE_ABOVE, changeReason, pageChanges, tableVisibility } from './change-map.ts';
import type { ChangeRow } from './change-map.ts';
import {
  changeRows,
  forgetPublished,
  markPublished,
  pendingChanges,
  requestFromPublisher,
} from './change-feed.ts';

let dir: string;
let opened: OpenedDatabase;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sbsa-change-map-'));
  opened = openDatabase(join(dir, 'db.sqlite'));
});

afterAll(async () => {
  await opened.close();
  rmSync(dir, { recursive: true, force: true });
});

const tables = () =>
  opened.sqlite
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .all()
    .map((r) => String(r.name));

const columnsOf = (table: string) =>
  opened.sqlite
    .prepare(`PRAGMA table_info(${table})`)
    .all()
    .map((c) => String(c.name));

/** A trigger's text with its spaces made one, for comparison. */
const squeeze = (sql: string) => sql.replace(/\s+/g, ' ').replace(/;$/, '').trim();

const row = (r: Partial<ChangeRow> & Pick<ChangeRow, 'table' | 'kind'>): ChangeRow => ({
  id: 1,
  rowId: 1,
  old: null,
  new: null,
  ...r,
});

describe('the change record covers the schema', () => {
  it('knows every table of a freshly migrated database as public or private, and no other', () => {
    expect(tables().sort()).toEqual(Object.keys(tableVisibility).sort());
  });

  it('gives every public table its three triggers, as the generator makes them for its columns now', () => {
    const triggers = new Map(
      opened.sqlite
        .prepare("SELECT name, tbl_name, sql FROM sqlite_master WHERE type = 'trigger'")
        .all()
        .map((t) => [String(t.name), { table: String(t.tbl_name), sql: String(t.sql) }]),
    );
    const generated = sqliteChangeTriggers(columnsOf)
      .split(/\nEND;/)
      .filter((part) => part.trim())
      .map((part) => `${part.trim()}\nEND`);
    const publicTables = Object.entries(tableVisibility)
      .filter(([, v]) => v === 'public')
      .map(([t]) => t)
      .sort();
    expect(Object.keys(capturedTables).sort()).toEqual(publicTables);
    for (const table of publicTables)
      for (const name of triggerNames(table)) {
        const trigger = triggers.get(name);
        expect(trigger?.table, name).toBe(table);
        // a column added to a public table later needs its triggers made again (a new migration)
        const expected = generated.find((g) => g.startsWith(`CREATE TRIGGER ${name} `));
        expect(squeeze(trigger!.sql), name).toBe(squeeze(expected!));
      }
    // private tables record nothing
    for (const [name, trigger] of triggers)
      if (name.includes('_public_change_'))
        expect(tableVisibility[trigger.table as keyof typeof tableVisibility]).toBe('public');
  });

  it('makes the PostgreSQL form with the same triggers', () => {
    const text = postgresChangeTriggers(columnsOf);
    for (const table of Object.keys(capturedTables))
      for (const name of triggerNames(table))
        expect(text).toContain(`CREATE TRIGGER ${name} AFTER`);
    expect(text).toContain('OLD.game_date IS DISTINCT FROM NEW.game_date');
    expect(text).not.toContain('OLD.views IS DISTINCT FROM');
  });

  it('writes a row in the writing transaction, none for an update that changes nothing, and none when rolled back', async () => {
    const { sqlite } = opened;
    const last = () => Number(sqlite.prepare('SELECT max(id) AS n FROM public_changes').get()?.n);
    sqlite.prepare("INSERT INTO league_main (path, name) VALUES ('sbsa', '협회')").run();
    const inserted = last();
    sqlite.prepare("UPDATE league_main SET name = '협회'").run();
    sqlite.prepare('UPDATE league_main SET require_totp = 1').run();
    expect(last()).toBe(inserted);
    sqlite.exec('BEGIN');
    sqlite.prepare("UPDATE league_main SET name = '다른 협회'").run();
    sqlite.exec('ROLLBACK');
    expect(last()).toBe(inserted);
    sqlite.prepare("UPDATE league_main SET name = '대한소프트볼협회'").run();
    const rows = await changeRows(opened.db, inserted - 1);
    expect(rows).toEqual([
      expect.objectContaining({ table: 'league_main', kind: 'insert', old: null }),
      expect.objectContaining({ table: 'league_main', kind: 'update' }),
    ]);
    expect(JSON.parse(rows[1].old!)).toMatchObject({ name: '협회' });
    expect(JSON.parse(rows[1].new!)).toMatchObject({ name: '대한소프트볼협회' });
    // the mark: pending rows, then none once published; old published rows go after a week
    expect((await pendingChanges(opened.db, 0))?.changes).toBeNull();
    await markPublished(opened.db, last());
    expect(await pendingChanges(opened.db, last())).toBeNull();
    expect(await forgetPublished(opened.db)).toBe(0);
    expect(await forgetPublished(opened.db, Date.now() + 8 * 24 * 3600_000)).toBe(rows.length);
  });
});

describe('what changed rows mean for the pages', () => {
  const game = {
    league_id: 1,
    game_no: 1,
    round: '',
    stage: 'regular',
    game_date: '2025-05-10',
    game_time: null,
    venue: '',
    home_team_id: 1,
    away_team_id: 2,
    status: 'scheduled',
  };
  const j = (v: object) => JSON.stringify(v);

  it('names a game moved with the set of pages, and its record alone as its record', () => {
    expect(
      pageChanges([
        row({
          table: 'games',
          kind: 'update',
          rowId: 7,
          old: j(game),
          new: j({ ...game, game_date: '2025-05-11' }),
        }),
      ]),
    ).toEqual(['game:7', 'paths']);
    expect(
      pageChanges([
        row({
          table: 'games',
          kind: 'update',
          rowId: 7,
          old: j(game),
          new: j({ ...game, status: 'final' }),
        }),
      ]),
    ).toEqual(['game-record:7']);
    expect(pageChanges([row({ table: 'games', kind: 'delete', old: j(game) })])).toBeNull();
  });

  it('cancels a line deleted and inserted as it was, and names a player taken out of a record', () => {
    const line = (player: number, h: number) => j({ game_id: 7, team_id: 1, player_id: player, h });
    expect(
      pageChanges([
        row({ table: 'game_batting', kind: 'delete', old: line(3, 1) }),
        row({ table: 'game_batting', kind: 'delete', old: line(4, 0) }),
        row({ table: 'game_batting', kind: 'insert', new: line(3, 1) }),
      ]),
    ).toEqual(['game-record:7', 'game-player:7:4']);
    expect(
      pageChanges([
        row({ table: 'game_batting', kind: 'delete', old: line(3, 1) }),
        row({ table: 'game_batting', kind: 'insert', new: line(3, 1) }),
      ]),
    ).toEqual([]);
  });

  it('names a roster, its player taken off, a notice, a live game; every page for a rename', () => {
    expect(
      pageChanges([
        row({
          table: 'league_players',
          kind: 'delete',
          old: j({ league_id: 2, team_id: 5, player_id: 9 }),
        }),
      ]),
    ).toEqual(['roster:2:5', 'player:9']);
    expect(pageChanges([row({ table: 'notices', kind: 'update', rowId: 3 })])).toEqual([
      'notice:3',
    ]);
    expect(pageChanges([row({ table: 'game_live', kind: 'insert', rowId: 7 })])).toEqual([
      'game-live:7',
    ]);
    expect(pageChanges([row({ table: 'seasons', kind: 'update' })])).toBeNull();
    expect(pageChanges([row({ table: 'players', kind: 'update', rowId: 4 })])).toEqual([
      'player-info:4',
    ]);
  });

  it('renders every page above the bound or for a table it does not know', () => {
    const many = Array.from({ length: EVERY_PAGE_ABOVE + 1 }, (_, i) =>
      row({ table: 'notices', kind: 'update', id: i + 1, rowId: 3 }),
    );
    expect(pageChanges(many)).toBeNull();
    expect(pageChanges([row({ table: 'no_such_table', kind: 'insert' })])).toBeNull();
  });

  it('publishes every page for a rebuild asked for, under its reason, and counts the rollbacks asked for', async () => {
    const before = (await changeRows(opened.db, 0)).at(-1)?.id ?? 0;
    await requestFromPublisher(opened.db, {
      action: 'rebuild',
      reason: '관리자 요청 (admin@sbsa.kr)',
    });
    await requestFromPublisher(opened.db, { action: 'rollback', reason: '관리자 되돌리기' });
    const pending = await pendingChanges(opened.db, before);
    expect(pending).toMatchObject({
      changes: null,
      reason: '관리자 요청 (admin@sbsa.kr)',
      rollbacks: 1,
    });
    expect(changeReason([row({ table: 'notices', kind: 'update', rowId: 3 })])).toBe(
      '변경 기록 1건 (notices)',
    );
  });
});
