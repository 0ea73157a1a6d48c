/**
 * node bench/live-viewers.ts — 1,000 live viewers of one game on this machine (decision 149): a
 * real server (`src/server/start.mjs`) on a fresh data folder seeded with the demo, after its first
 * build; a scheduled game of the active season goes live and gets a line score ten times while
 * 1,000 viewers poll its live read once a second and four callers ask for other API answers.
 * `npm run bench -- --only live` runs this alone; `--viewers N` and `--puts N` change the load.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DatabaseSync } from 'node:sqlite';
import { projectRoot } from '../src/server/publish/run-astro-build.ts';
import { scheduledGames } from './lib/game-record.ts';
import { SERVER_NODE_FLAGS, serverEntry, freePort, sleep, waitForHttp } from './lib/proc.ts';
import { liveViewersText, measureLiveViewers } from './lib/live-viewers.ts';

const { values: args } = parseArgs({
  options: {
    viewers: { type: 'string', default: '1000' },
    puts: { type: 'string', default: '10' },
    only: { type: 'string' },
  },
  strict: false,
});
const ADMIN = { email: 'bench-admin@sbsa.kr', password: 'bench-password-1' };
const dataDir = mkdtempSync(join(tmpdir(), 'sbsa-live-viewers-'));
const logFile = join(dataDir, 'server.log');
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const out = createWriteStream(logFile);
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverEntry(projectRoot)], {
  cwd: projectRoot,
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    BACKUP_INTERVAL_HOURS: '0',
    LOG_LEVEL: 'info',
    ACCESS_TOKEN_TTL_SECONDS: '7200',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
server.stdout!.pipe(out);
server.stderr!.pipe(out);

try {
  await waitForHttp(`${origin}/api/health`, (res) => res.ok, 5 * 60_000);
  const login = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  process.stdout.write('waiting for the first build of the demo site …\n');
  for (;;) {
    const res = await fetch(`${origin}/api/publish/status?limit=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { data } = (await res.json()) as { data: { running: boolean; lastSuccess: unknown } };
    if (!data.running && data.lastSuccess) break;
    await sleep(1000);
  }
  await sleep(2000);
  const sqlite = new DatabaseSync(join(dataDir, 'sbsa.sqlite'), { readOnly: true });
  const [game] = scheduledGames(sqlite, 1);
  sqlite.close();
  if (!game) throw new Error('no scheduled game in the demo');
  const result = await measureLiveViewers({
    origin,
    token,
    gameId: game.gameId,
    viewers: Math.max(1, Math.min(5000, Number(args.viewers))),
    puts: Math.max(1, Math.min(100, Number(args.puts))),
    otherPaths: [
      `/api/league/game/${game.gameId}/boxscore`,
      '/api/common/config',
      `/api/stats/league/${game.leagueId}/standings`,
    ],
  });
  process.stdout.write(
    `live viewers of one game: ${liveViewersText(result)}; load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}\n`,
  );
} catch (err) {
  process.stdout.write(
    `${(err as Error).message}\n${readFileSync(logFile, 'utf8')
      .split('\n')
      .filter((l) => !l.includes('"msg":"request"'))
      .join('\n')
      .slice(-3000)}\n`,
  );
  process.exitCode = 1;
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
