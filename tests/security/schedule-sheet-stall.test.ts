import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zip } from '../api/_game-fixtures.ts';
import type { Target } from './helpers/target.ts';
import { login, startTarget } from './helpers/target.ts';
import { percentile } from '../ops/helpers/http.ts';

let target: Target;
let token: string;

beforeAll(async () => {
  target = await startTarget();
  token = await login(target.url, { email: 'league2@sbsa.kr', password: 'demo-password-1' });
});
afterAll(async () => target?.stop());

/** A 3 KB xlsx whose sheet inflates to 1.2 MB of unclosed <row> tags: quadratic for a regex reader. */
function craftedXlsx(): Buffer {
  const sheet = `<worksheet><sheetData>${'<row>'.repeat(240_000)}</sheetData></worksheet>`;
  return zip([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.from(sheet) }]);
}

describe('schedule upload: a crafted xlsx', () => {
  it('never stalls other requests while it is read, and is refused in Korean with nothing written', async () => {
    const [league] = target.query<{ id: number }>('select id from leagues order by id limit 1');
    const before = target.query('select count(*) as n from games');
    for (let i = 0; i < 5; i++) await (await fetch(`${target.url}/api/health`)).arrayBuffer();
    const file = craftedXlsx();
    expect(file.length).toBeLessThan(10_000);
    const form = new FormData();
    form.append('file', new File([new Uint8Array(file)], '일정.xlsx'));
    let done = false;
    const upload = fetch(
      `${target.url}/api/league/league/${league.id}/schedule/upload_file?dryRun=false`,
      { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form },
    ).finally(() => {
      done = true;
    });
    const latencies: number[] = [];
    while (!done) {
      const started = performance.now();
      const res = await fetch(`${target.url}/api/health`);
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
      expect(res.status).toBe(200);
      await new Promise((r) => setTimeout(r, 20));
    }
    const res = await upload;
    const body = await res.json();
    console.log(
      `health during crafted upload: ${latencies.length} answers, median ${percentile(latencies, 50).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms`,
    );
    expect(res.status).toBe(400);
    expect(body.message).toMatch(/[가-힣]/);
    expect(latencies.length).toBeGreaterThan(5);
    // Read on the request thread this file held every request for seconds. Off the thread the
    // typical answer stays fast; single answers may wait on a busy shared CPU, never for a stall.
    expect(percentile(latencies, 50)).toBeLessThan(100);
    expect(Math.max(...latencies)).toBeLessThan(1_000);
    expect(target.query('select count(*) as n from games')).toEqual(before);
  });
});
