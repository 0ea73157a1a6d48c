import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeTx } from '../../src/server/db/database.ts';
import { appendAccess } from '../../src/server/auth/access-chain.ts';
import type { AccessEntry } from '../../src/server/auth/access-chain.ts';
import { pruneAccessLog } from '../../src/server/ops/access-log-retention.ts';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { runToExit, serverEnv } from './helpers/child-server.ts';

/**
 * `npm run check-access-log`, run as a real child process on a data folder whose SQLite file a
 * test changes behind the server's back: an intact chain passes, an edited or a deleted row is
 * named, and pruning the old rows keeps the check passing (decision 146).
 */

let t: TestApp;
const entry = (n: number): AccessEntry => ({
  userId: 1,
  account: 'league1@sbsa.kr',
  address: '10.0.0.1',
  action: n % 5 === 0 ? 'download' : 'read',
  subjects: [`player:${n}`, `player:${n + 1}`],
  reason: n % 5 === 0 ? '월간 점검' : null,
  method: 'GET',
  route: '/api/players',
});
const years = (n: number) => new Date(Date.now() - n * 365.25 * 24 * 3600_000);

async function append(count: number, at?: (i: number) => Date) {
  for (let i = 1; i <= count; i++) await writeTx(t.db, (tx) => appendAccess(tx, entry(i), at?.(i)));
}

/** What an intruder with the file does: around the triggers, straight into the file. */
function tamper(sql: string) {
  const file = new DatabaseSync(join(t.dir, 'sbsa.sqlite'));
  file.exec('DROP TRIGGER IF EXISTS personal_access_log_no_update');
  file.exec('DROP TRIGGER IF EXISTS personal_access_log_kept');
  file.exec(sql);
  file.close();
}

const check = () => runToExit(['scripts/check-access-log.ts'], serverEnv(t.dir));

beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('npm run check-access-log', () => {
  it('passes an intact chain and says how many rows it checked', async () => {
    await append(12);
    const run = await check();
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('12 rows checked');
  });

  it('names an edited row and exits non-zero', async () => {
    await append(10);
    tamper("UPDATE personal_access_log SET account = 'someone@else.kr' WHERE id = 7");
    const run = await check();
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('access log broken at row 7 (edited)');
    expect(run.stderr).toContain('6 rows before it are intact');
  });

  it('names a row whose stored hash was replaced', async () => {
    await append(10);
    // the reason changed and a hash put in that is not the chain's
    tamper(
      "UPDATE personal_access_log SET reason = '없음', hash = lower(hex(randomblob(32))) WHERE id = 5",
    );
    const run = await check();
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/broken at row 5 \(edited\)/);
  });

  it('names a row deleted in the middle', async () => {
    await append(10);
    tamper('DELETE FROM personal_access_log WHERE id = 4');
    const middle = await check();
    expect(middle.code).toBe(2);
    expect(middle.stderr).toContain('access log broken at row 4 (deleted)');
    expect(middle.stderr).toContain('4번 행이 없습니다');
  });

  it('names the last row deleted', async () => {
    await append(6);
    tamper('DELETE FROM personal_access_log WHERE id = 6');
    const end = await check();
    expect(end.code).toBe(2);
    expect(end.stderr).toContain('access log broken at row 6 (deleted)');
  });

  it('the database itself refuses an edit and a deletion of a recent row', async () => {
    await append(3);
    expect(() =>
      t.sqlite.exec("UPDATE personal_access_log SET account = 'x' WHERE id = 1"),
    ).toThrow('개인정보 접속기록은 고칠 수 없습니다.');
    expect(() => t.sqlite.exec('DELETE FROM personal_access_log WHERE id = 1')).toThrow(
      '2년이 지나지 않은 개인정보 접속기록은 지울 수 없습니다.',
    );
    expect((await check()).code).toBe(0);
  });

  it('pruning the rows older than two years keeps the check passing, and a later edit is still found', async () => {
    // 8 rows of three years ago, then 5 of last month
    await append(8, () => years(3));
    await append(5, () => years(0.1));
    expect(await pruneAccessLog(t.db)).toBe(8);
    const anchor = t.sqlite.prepare('SELECT last_id FROM personal_access_anchor').get() as {
      last_id: number;
    };
    expect(anchor.last_id).toBe(8);
    const left = t.sqlite
      .prepare('SELECT min(id) AS a, count(*) AS n FROM personal_access_log')
      .get();
    expect(left).toEqual({ a: 9, n: 5 });
    const run = await check();
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('5 rows checked');
    // a row written after pruning chains on
    await append(1);
    expect((await check()).stdout).toContain('6 rows checked');
    expect(await pruneAccessLog(t.db)).toBe(0);
    tamper("UPDATE personal_access_log SET address = '10.9.9.9' WHERE id = 9");
    const broken = await check();
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain('broken at row 9 (edited)');
  });
});
