import { execFile } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The PostgreSQL client programs a backup and a restore run. */
export type PgTool = 'pg_dump' | 'pg_restore';

const debianRoot = '/usr/lib/postgresql';

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Where a PostgreSQL program is: the first in PATH (an operator's choice, or Debian's wrapper that
 * picks the version by itself), else the newest major under /usr/lib/postgresql/, where Debian puts
 * each version's programs without linking them into PATH. pg_dump must be as new as the server, so
 * the newest installed is the one to take.
 */
export function pgToolPath(tool: PgTool, path = process.env.PATH ?? ''): string {
  for (const dir of path.split(delimiter)) {
    if (dir && executable(join(dir, tool))) return join(dir, tool);
  }
  const majors = existsSync(debianRoot)
    ? readdirSync(debianRoot)
        .filter((v) => /^\d+$/.test(v) && executable(join(debianRoot, v, 'bin', tool)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (majors.length === 0)
    throw new Error(
      `${tool}을(를) 찾을 수 없습니다. PostgreSQL 클라이언트(postgresql-client)를 설치해 주세요 (${tool} not found in PATH or ${debianRoot}/*/bin).`,
    );
  return join(debianRoot, majors[0], 'bin', tool);
}

/**
 * A connection address for the command line without its password, and the password for the
 * environment (PGPASSWORD): a password in the arguments would show in every `ps` listing.
 */
export function pgConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (password) env.PGPASSWORD = password;
  return { dbname: parsed.toString(), env };
}

/** Runs a PostgreSQL program against the database at `url`; rejects with its own error text. */
export function runPgTool(tool: PgTool, url: string, args: string[]): Promise<string> {
  const { dbname, env } = pgConnection(url);
  return new Promise((resolve, reject) => {
    execFile(
      pgToolPath(tool),
      [...args, `--dbname=${dbname}`],
      { env, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' },
      (err, stdout, stderr) => {
        if (err)
          reject(new Error(`${tool} 실패 (${tool} failed): ${stderr.trim() || err.message}`));
        else resolve(stdout);
      },
    );
  });
}

/** Runs pg_restore on an archive without a database (listing or printing it); rejects on a damaged file. */
export function readPgArchive(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      pgToolPath('pg_restore'),
      args,
      { maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' },
      (err, stdout, stderr) => {
        if (err) reject(new Error(stderr.trim() || err.message));
        else resolve(stdout);
      },
    );
  });
}
