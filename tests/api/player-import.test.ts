import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { databaseDigest } from './write-endpoints.ts';
import { buildGameFixture, fileForm } from './_game-fixtures.ts';
import type { GameFixture } from './_game-fixtures.ts';

let t: TestApp;
let f: GameFixture;
let admin: string;
let operator: string;
let otherKim: number;
const url = '/api/players/import_file';
/** Made by openpyxl: tests/fixtures/players/make-fixtures.py */
const xlsx = () =>
  new Uint8Array(readFileSync(new URL('../fixtures/players/players.xlsx', import.meta.url)));
const withChoices = (bytes: Uint8Array | string, name: string, choices?: object) => {
  const form = fileForm(bytes, name);
  if (choices) form.append('choices', JSON.stringify(choices));
  return form;
};

beforeAll(async () => {
  t = await createTestApp();
  f = await buildGameFixture(t);
  admin = await t.adminToken();
  operator = (await t.makeUser({ email: 'operator@sbsa.kr', grade: 2 })).token;
  // a 김민준 already plays for another club
  otherKim = (
    await t.db
      .insertInto('players')
      .values({ main_id: t.main.id, name: '김민준', birth_date: '1990-02-02', position: '포수' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await t.db
    .insertInto('team_players')
    .values({ team_id: f.team.third, player_id: otherKim, back_number: 2, from_date: '2024-01-01' })
    .execute();
});
afterAll(async () => t.close());

describe('player import', () => {
  it('previews an openpyxl workbook: columns in any order, birth dates and years, teams, and the same-name person flagged', async () => {
    const before = await databaseDigest(t);
    const res = await t.api('POST', url, {
      token: admin,
      rawBody: withChoices(xlsx(), '선수.xlsx'),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.valid).toBe(true);
    const rows = res.body.data.rows;
    expect(
      rows.map((r: Record<string, unknown>) => [
        r.name,
        r.birthDate,
        r.birthYear,
        r.teamId,
        r.backNumber,
        r.position,
      ]),
    ).toEqual([
      ['김민준', '2001-05-10', 2001, f.team.home, 7, '유격수'],
      ['이서연', null, 1999, f.team.away, 11, '투수'],
      ['박하늘', '2003-03-03', 2003, f.team.home, null, '외야수'],
    ]);
    // a different birth date: flagged with the other person's team and birth date, new by default
    expect(rows[0].sameName).toEqual([
      { playerId: otherKim, name: '김민준', birthDate: '1990-02-02', teamName: '대구 라이온즈' },
    ]);
    expect(rows[0].person).toBe('new');
    expect(await databaseDigest(t)).toEqual(before);
  });

  it('refuses a file with bad rows in Korean, naming each row, and changes nothing', async () => {
    const csv =
      '이름,팀,등번호,생년월일\r\n,서울 레드삭스,7,2001-01-01\r\n최유나,없는팀,1000,2001-13-40\r\n';
    const before = await databaseDigest(t);
    const res = await t.api('POST', `${url}?dryRun=false`, {
      token: admin,
      rawBody: withChoices(csv, '선수.csv'),
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('선수 파일의 2개 행에 문제가 있어 아무것도 가져오지 않았습니다.');
    expect(res.body.errors['rows.0']).toBe('2행: 이름을 입력해 주세요.');
    expect(res.body.errors['rows.1']).toContain('협회에 없는 팀입니다: "없는팀"');
    expect(res.body.errors['rows.1']).toContain('등번호는 0에서 999 사이의 정수여야 합니다');
    expect(res.body.errors['rows.1']).toContain('생년월일을 읽을 수 없습니다');
    const unknownTeam = await t.api('POST', url, {
      token: admin,
      rawBody: withChoices('이름,팀,등번호\r\n최유나,없는팀,7\r\n', '선수.csv'),
    });
    // the team it names is unknown: said once, and the back number is still read
    expect(unknownTeam.body.data.rows[0]).toMatchObject({
      backNumber: 7,
      problems: ['협회에 없는 팀입니다: "없는팀"'],
    });
    const badChoice = await t.api('POST', url, {
      token: admin,
      rawBody: withChoices(xlsx(), '선수.xlsx', { 2: 999_999 }),
    });
    expect(badChoice.body.data.rows[0].problems).toEqual([
      '고른 기존 선수가 이 행과 이름이 같은 선수가 아닙니다.',
    ]);
    expect(
      (await t.api('POST', url, { token: operator, rawBody: withChoices(xlsx(), 'a.xlsx') }))
        .status,
    ).toBe(403);
    expect(await databaseDigest(t)).toEqual(before);
  });

  it('imports new people with their team careers and back numbers; the same person is not created twice', async () => {
    const res = await t.api('POST', `${url}?dryRun=false`, {
      token: admin,
      rawBody: withChoices(xlsx(), '선수.xlsx', { 2: 'new' }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ created: 3, careers: 3, skipped: 0 });
    const kims = await t.db
      .selectFrom('players')
      .leftJoin('team_players', 'team_players.player_id', 'players.id')
      .select([
        'players.id',
        'players.birth_date',
        'team_players.team_id',
        'team_players.back_number',
      ])
      .where('players.name', '=', '김민준')
      .orderBy('players.id')
      .execute();
    expect(kims.map((k) => [k.birth_date, k.team_id, k.back_number])).toEqual([
      ['1990-02-02', f.team.third, 2],
      ['2001-05-10', f.team.home, 7],
    ]);
    // the same file again: every row now defaults to the person just made (same birth date),
    // except 이서연 (a year only), who must be chosen as the same person
    const again = await t.api('POST', url, {
      token: admin,
      rawBody: withChoices(xlsx(), '선수.xlsx'),
    });
    expect(again.body.data.rows[0].person).toBe(kims[1].id);
    expect(again.body.data.rows[1].problems[0]).toMatch(/같은 사람으로 고르거나/);
    // chosen as the same person, every row is already on its team: nothing new, all counted as skipped
    const seoyeon = again.body.data.rows[1].sameName[0].playerId;
    const before = await databaseDigest(t);
    const repeat = await t.api('POST', `${url}?dryRun=false`, {
      token: admin,
      rawBody: withChoices(xlsx(), '선수.xlsx', { 3: seoyeon }),
    });
    expect(repeat.status, JSON.stringify(repeat.body)).toBe(200);
    expect(repeat.body.data).toMatchObject({ created: 0, careers: 0, skipped: 3 });
    expect(await databaseDigest(t)).toEqual(before);
  });
});
