import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/server/db/seed/demo-seed.ts';
import { DEMO_PASSWORD } from '../../src/server/db/seed/catalog.ts';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';

/**
 * A person's rights (열람, 삭제) on the demo league: one person who plays (with game records),
 * coaches and has a member account, the three linked by the account link.
 */

let t: TestApp;
const tokens: Record<string, string> = {};
const person = { player: 0, coach: 0, user: 0, game: 0, name: '' };
const birthDate = '1990-04-05';
const phone = '010-9876-5432';
const email = 'fan1@sbsa.kr';

const countAudit = async (action: string) =>
  Number((await t.sql.get('SELECT count(*) AS n FROM audit_log WHERE action = ?', action))?.n);

/** The newest row of one action in the access record of personal data (decision 146). */
const lastAccess = async (action: string) =>
  (await t.sql.get(
    'SELECT action, subjects, reason FROM personal_access_log WHERE action = ? ORDER BY id DESC LIMIT 1',
    action,
  )) as { action: string; subjects: string; reason: string | null } | undefined;

beforeAll(async () => {
  t = await createTestApp({ seed: seedDemo });
  tokens.admin = await t.adminToken();
  for (const [job, who] of Object.entries({
    grade1: 'league1@sbsa.kr',
    grade2: 'league2@sbsa.kr',
    scorer: 'scorer@sbsa.kr',
    team: 'team@sbsa.kr',
    fan: email,
  })) {
    const res = await t.api('POST', '/api/auth/login', {
      body: { email: who, password: DEMO_PASSWORD },
    });
    expect(res.status, who).toBe(200);
    tokens[job] = res.body.data.access_token;
  }
  const played = (await t.sql.get(`SELECT b.player_id, b.game_id, p.name FROM game_batting b
       JOIN games g ON g.id = b.game_id AND g.status = 'final'
       JOIN players p ON p.id = b.player_id ORDER BY b.id LIMIT 1`)) as {
    player_id: number;
    game_id: number;
    name: string;
  };
  person.player = played.player_id;
  person.game = played.game_id;
  person.name = played.name;
  person.user = Number((await t.sql.get('SELECT id FROM users WHERE email = ?', email))?.id);
  person.coach = Number((await t.sql.get('SELECT id FROM coaches ORDER BY id LIMIT 1'))?.id);
  // the staff give the person's fields through the API, so the audit log holds them too
  const linkPlayer = await t.api('PATCH', `/api/players/${person.player}`, {
    token: tokens.admin,
    body: { birthDate, userId: person.user },
  });
  expect(linkPlayer.status).toBe(200);
  const linkCoach = await t.api('PATCH', `/api/coaches/${person.coach}`, {
    token: tokens.admin,
    body: { phone, userId: person.user },
  });
  expect(linkCoach.status).toBe(200);
});

afterAll(() => t?.close());

const exportOf = (kind: string, id: number, token: string | undefined, body: unknown) =>
  t.api('POST', `/api/${kind}/${id}/personal-data/export`, { token, body });
const eraseOf = (kind: string, id: number, token: string | undefined, body: unknown) =>
  t.api('POST', `/api/${kind}/${id}/personal-data/erase`, { token, body });

describe('열람: everything held about one person, as one JSON download', () => {
  it('the site admin gets the player with his account and coach record, each kind of data; the request is audited with its reason', async () => {
    const before = await countAudit('person-exported');
    const res = await exportOf('players', person.player, tokens.admin, {
      reason: '본인 전화 요청 (2026-11-28)',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="sbsa-person-player-${person.player}.json"`,
    );
    const file = res.body;
    expect(file.format).toBe('sbsa-person-export');
    expect(file.exportedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+09:00$/);
    const [player] = file.players;
    expect(player).toMatchObject({
      id: person.player,
      birth_date: birthDate,
      user_id: person.user,
    });
    expect(player.careers.length).toBeGreaterThan(0);
    expect(player.batting.some((b: { game_id: number }) => b.game_id === person.game)).toBe(true);
    expect(file.coaches.map((c: { id: number }) => c.id)).toEqual([person.coach]);
    expect(file.coaches[0].phone).toBe(phone);
    const [account] = file.accounts;
    expect(account).toMatchObject({ id: person.user, email });
    expect(account).not.toHaveProperty('password_hash');
    expect(account.sessions.length).toBeGreaterThan(0);
    expect(account.sessions[0]).not.toHaveProperty('token_hash');
    expect(Array.isArray(file.uploads)).toBe(true);
    const about = file.audit.about.map((a: { entity: string; action: string }) => a.entity);
    expect(about).toEqual(expect.arrayContaining(['player', 'coach']));
    expect(file.audit.by.some((a: { action: string }) => a.action === 'login')).toBe(true);

    expect(await countAudit('person-exported')).toBe(before + 1);
    const entry = (await t.sql.get(
      "SELECT user_id, entity, entity_id, after_json FROM audit_log WHERE action = 'person-exported' ORDER BY id DESC LIMIT 1",
    )) as { user_id: number; entity: string; entity_id: string; after_json: string };
    expect(entry).toMatchObject({ entity: 'player', entity_id: String(person.player) });
    expect(JSON.parse(entry.after_json)).toEqual({
      reason: '본인 전화 요청 (2026-11-28)',
      players: [person.player],
      coaches: [person.coach],
      accounts: [person.user],
    });
    // the file is a download of personal data in the access record, with the request's reason
    expect(await lastAccess('download')).toMatchObject({
      action: 'download',
      reason: '본인 전화 요청 (2026-11-28)',
    });
    expect(JSON.parse((await lastAccess('download'))!.subjects)).toEqual(
      expect.arrayContaining([
        `player:${person.player}`,
        `coach:${person.coach}`,
        `user:${person.user}`,
      ]),
    );
  });

  it('a 협회 관리자 (grade 1) gets it from the account as well', async () => {
    const res = await exportOf('users', person.user, tokens.grade1, { reason: '서면 요청' });
    expect(res.status).toBe(200);
    expect(res.body.players.map((p: { id: number }) => p.id)).toEqual([person.player]);
  });

  it('a 협회 관리자 is refused a person who also plays in another association; the site admin is not', async () => {
    const other = (await t.sql.get(
      "INSERT INTO league_main (path, name) VALUES ('other', '다른 협회') RETURNING id",
    )) as { id: number };
    const elsewhere = (await t.sql.get(
      "INSERT INTO players (main_id, name, user_id) VALUES (?, '다른 협회 선수', ?) RETURNING id",
      other.id,
      person.user,
    )) as { id: number };
    try {
      const refused = await exportOf('players', person.player, tokens.grade1, { reason: '요청' });
      expect(refused.status).toBe(403);
      const res = await exportOf('players', person.player, tokens.admin, { reason: '요청' });
      expect(res.status).toBe(200);
      expect(res.body.players.map((p: { id: number }) => p.id)).toEqual([
        person.player,
        elsewhere.id,
      ]);
    } finally {
      await t.sql.run('DELETE FROM players WHERE id = ?', elsewhere.id);
    }
  });

  it('others are refused (403, 401) and nothing is recorded; a missing reason is a Korean 400', async () => {
    const before = await countAudit('person-exported');
    for (const job of ['grade2', 'scorer', 'team', 'fan']) {
      const res = await exportOf('players', person.player, tokens[job], { reason: '요청' });
      expect(res.status, job).toBe(403);
      // an account of no role is stopped earlier, by the console's role gate
      if (job !== 'fan')
        expect(res.body.message).toBe(
          '개인정보 열람·삭제 요구는 사이트 관리자나 그 사람이 속한 협회의 협회 관리자만 처리할 수 있습니다.',
        );
    }
    expect((await exportOf('coaches', person.coach, undefined, { reason: '요청' })).status).toBe(
      401,
    );
    for (const body of [{}, { reason: '   ' }]) {
      const res = await exportOf('players', person.player, tokens.admin, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/요구 사유/);
    }
    expect((await exportOf('players', 999_999, tokens.admin, { reason: '요청' })).status).toBe(404);
    expect(await countAudit('person-exported')).toBe(before);
  });
});

describe('삭제: the personal fields go, the name and the games stay', () => {
  it('is refused to a 리그 운영자 and without a reason, changing nothing', async () => {
    expect(
      (await eraseOf('players', person.player, tokens.grade2, { reason: '요청' })).status,
    ).toBe(403);
    const res = await eraseOf('players', person.player, tokens.grade1, {});
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/요구 사유/);
    expect(await countAudit('person-erased')).toBe(0);
    const still = await t.api('GET', `/api/players/${person.player}`, { token: tokens.admin });
    expect(still.body.data.birthDate).toBe(birthDate);
  });

  it('grade 1 erases: no API read gives the fields again, the account is closed, the public records stay', async () => {
    await t.takeChanges();
    const res = await eraseOf('players', person.player, tokens.grade1, {
      reason: '본인 서면 삭제 요구',
    });
    expect(res.status).toBe(200);
    // the site is built again: his player's pages showed his photo, and his coach's change names
    // no narrower pages (as a coach's save)
    expect(await t.takeChanges()).toMatchObject({
      tables: ['coaches', 'players'],
      rows: [
        { table: 'players', rowId: person.player, kind: 'update' },
        { table: 'coaches', kind: 'update' },
      ],
      changes: null,
    });
    expect(res.body.data).toMatchObject({
      players: [person.player],
      coaches: [person.coach],
      accounts: [person.user],
    });
    const reads = [
      `/api/players/${person.player}`,
      `/api/players?limit=500&sort=name`,
      `/api/coaches/${person.coach}`,
      `/api/coaches?limit=500`,
      `/api/users/${person.user}`,
      `/api/users?limit=500&includeDisabled=true`,
      `/api/user/${person.user}`,
      '/api/audit?limit=200',
    ];
    for (const path of reads) {
      const read = await t.api('GET', path, { token: tokens.admin });
      expect(read.status, path).toBe(200);
      const text = JSON.stringify(read.body);
      for (const value of [birthDate, phone, email])
        expect(text, `${path} ${value}`).not.toContain(value);
    }
    const player = (await t.api('GET', `/api/players/${person.player}`, { token: tokens.admin }))
      .body.data;
    expect(player).toMatchObject({ name: person.name, birthDate: null, userId: null, photo: null });
    expect(player.erasedAt).toMatch(/\+09:00$/);
    const account = (await t.api('GET', `/api/users/${person.user}`, { token: tokens.admin })).body
      .data;
    expect(account).toMatchObject({ disabled: true, phone: null, birthday: null, playerIds: [] });
    expect(account.erasedAt).toBe(player.erasedAt);
    // the account is signed out and cannot sign in again
    expect(
      (await t.api('POST', '/api/auth/login', { body: { email, password: DEMO_PASSWORD } })).status,
    ).toBe(401);
    expect(
      await t.sql.get('SELECT count(*) AS n FROM refresh_tokens WHERE user_id = ?', person.user),
    ).toEqual({ n: 0 });
    // nothing left in the database file's audit either
    const auditText = JSON.stringify(await t.sql.all('SELECT * FROM audit_log'));
    expect(auditText).not.toContain(birthDate);
    expect(auditText).not.toContain(phone);

    // the association's history: the box score and the player's record still show his games
    const box = await t.api('GET', `/api/league/game/${person.game}/boxscore`);
    expect(box.status).toBe(200);
    expect(JSON.stringify(box.body)).toContain(person.name);
    const stats = await t.api('GET', `/api/stats/player/${person.player}`);
    expect(stats.status).toBe(200);
    expect(JSON.stringify(stats.body)).toContain(`${person.game}`);

    const entry = (await t.sql.get(
      "SELECT user_id, after_json FROM audit_log WHERE action = 'person-erased' ORDER BY id DESC LIMIT 1",
    )) as { user_id: number; after_json: string };
    expect(JSON.parse(entry.after_json)).toMatchObject({
      reason: '본인 서면 삭제 요구',
      players: [person.player],
      accounts: [person.user],
    });
    expect(entry.after_json).not.toContain(birthDate);
    expect(await lastAccess('delete')).toMatchObject({
      action: 'delete',
      reason: '본인 서면 삭제 요구',
    });
    expect(JSON.parse((await lastAccess('delete'))!.subjects)).toContain(`player:${person.player}`);
  });
});
