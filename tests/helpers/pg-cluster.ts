import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.ts';

/**
 * A throw-away PostgreSQL cluster for the tests and CI: its own folder owned by the `postgres`
 * user (initdb and the server refuse to run as root), a free port on 127.0.0.1, trust
 * authentication and no fsync (the data dies with the run, so durability buys nothing but time).
 */
export interface PgCluster {
  port: number;
  /** `postgres://postgres@127.0.0.1:PORT/NAME` */
  url(database: string): string;
  stop(): void;
}

const SUPERUSER = 'postgres';

/** The newest installed PostgreSQL server's bin folder (Debian puts each major under its own). */
export function postgresBinDir(): string {
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (majors.length === 0)
    throw new Error(`no PostgreSQL server under ${root} (apt-get install postgresql)`);
  return join(root, majors[0], 'bin');
}

function asPostgres(bin: string, args: string[]): void {
  const run = spawnSync('runuser', ['-u', SUPERUSER, '--', bin, ...args], { encoding: 'utf8' });
  if (run.status !== 0) {
    throw new Error(`${bin} ${args.join(' ')} failed (${run.status}): ${run.stderr || run.stdout}`);
  }
}

export async function startPgCluster(): Promise<PgCluster> {
  const bin = postgresBinDir();
  const dir = mkdtempSync(join(tmpdir(), 'sbsa-pg-'));
  const uid = Number(execFileSync('id', ['-u', SUPERUSER], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', SUPERUSER], { encoding: 'utf8' }).trim());
  chownSync(dir, uid, gid);
  const data = join(dir, 'data');
  asPostgres(join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    SUPERUSER,
    '--auth=trust',
    '--encoding=UTF8',
    // byte order for text, like SQLite's BINARY collation, so ORDER BY agrees on both
    '--locale=C.UTF-8',
    '--no-sync',
  ]);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    "-c listen_addresses='127.0.0.1'",
    `-c unix_socket_directories='${dir}'`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
    "-c timezone='UTC'",
  ].join(' ');
  asPostgres(join(bin, 'pg_ctl'), [
    '-D',
    data,
    '-o',
    options,
    '-l',
    join(dir, 'server.log'),
    '-w',
    'start',
  ]);
  let stopped = false;
  return {
    port,
    url: (database) => `postgres://${SUPERUSER}@127.0.0.1:${port}/${database}`,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
