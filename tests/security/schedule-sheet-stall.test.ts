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

/** Just under 5 MB of CSV with one row past the 10,000-row limit: read to its end before it is refused. */
function bigCsv(): Buffer {
  const row = `2026-04-04,10:00,${'구'.repeat(150)},서울,부산\r\n`;
  const text = `날짜,시간,구장,홈팀,원정팀\r\n${row.repeat(10_001)}`;
  return Buffer.from(text);
}

/** Uploads a file while asking /api/health every 20 ms; the upload's answer and the health latencies. */
async function uploadWhileProbing(file: Buffer, name: string) {
  const [league] = target.query<{ id: number }>('select id from leagues order by id limit 1');
  for (let i = 0; i < 5; i++) await (await fetch(`${target.url}/api/health`)).arrayBuffer();
  const form = new FormData();
  form.append('file', new File([new Uint8Array(file)], name));
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
    `health during ${name} upload: ${latencies.length} answers, median ${percentile(latencies, 50).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms`,
  );
  return { res, body, latencies };
}

describe('schedule upload: files that take long to read', () => {
  it('a crafted xlsx never stalls other requests while it is read, and is refused in Korean with nothing written', async () => {
    const before = target.query('select count(*) as n from games');
    const file = craftedXlsx();
    expect(file.length).toBeLessThan(10_000);
    const { res, body, latencies } = await uploadWhileProbing(file, '일정.xlsx');
    expect(res.status).toBe(400);
    expect(body.message).toMatch(/[가-힣]/);
    expect(latencies.length).toBeGreaterThan(5);
    // Read on the request thread this file held every request for seconds. Off the thread the
    // typical answer stays fast; single answers may wait on a busy shared CPU, never for a stall.
    expect(percentile(latencies, 50)).toBeLessThan(100);
    expect(Math.max(...latencies)).toBeLessThan(1_000);
    expect(target.query('select count(*) as n from games')).toEqual(before);
  });

  it('a 5 MB CSV past the row limit is read off the request thread and refused in Korean with nothing written', async () => {
    const before = target.query('select count(*) as n from games');
    const file = bigCsv();
    expect(file.length).toBeGreaterThan(4.5 * 1024 * 1024);
    expect(file.length).toBeLessThanOrEqual(5 * 1024 * 1024);
    const { res, body, latencies } = await uploadWhileProbing(file, '일정.csv');
    expect(res.status).toBe(400);
    expect(body.message).toBe('행이 너무 많습니다. 한 파일에 10,000행까지 읽습니다.');
    expect(latencies.length).toBeGreaterThan(1);
    expect(percentile(latencies, 50)).toBeLessThan(100);
    expect(Math.max(...latencies)).toBeLessThan(1_000);
    expect(target.query('select count(*) as n from games')).toEqual(before);
  });
});
