import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { z } from 'zod';
import { newPassword } from './auth/password-policy.ts';
import { DEFAULT_API_CACHE_MB } from './http/read-cache.ts';
import { DEFAULT_SITE_CACHE_MB } from './publish/file-cache.ts';
import { dataPaths } from './ops/data-paths.ts';

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  // postgres://user@host:port/db runs on PostgreSQL (decision 151); unset, the SQLite file in SHARED_DIR
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//i, 'postgres://로 시작하는 주소여야 합니다.')
    .optional(),
  // the folder the app nodes of one database share: the database file, uploads, site builds,
  // backups (decision 152); unset, the data folder itself
  SHARED_DIR: z.string().min(1).optional(),
  ADMIN_EMAIL: z.email().default('admin@sbsa.kr'),
  ADMIN_PASSWORD: newPassword.optional(),
  SEED_DEMO: flag.default(true),
  JWT_SECRET: z.string().min(32).optional(),
  PUBLIC_ORIGIN: z.url().optional(),
  PUBLISH_WEBHOOK_SECRET: z.string().min(16).optional(),
  DEPLOY_HOOK_URL: z.url().optional(),
  BUILD_SITE: flag.default(true),
  TRUST_PROXY: flag.default(false),
  // bearer token of GET /api/metrics; unset, the endpoint is off
  METRICS_TOKEN: z.string().min(16).optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(5)
    .default(15 * 60),
  // megabytes of the public site's most requested files kept in memory; the rest is read from disk
  SITE_CACHE_MB: z.coerce.number().min(0).max(4096).default(DEFAULT_SITE_CACHE_MB),
  // megabytes of anonymous API answers kept in memory until the data changes
  API_CACHE_MB: z.coerce.number().min(0).max(4096).default(DEFAULT_API_CACHE_MB),
  // minutes the site renderer stays without work before it ends (the next change starts one); 0 keeps it
  RENDERER_IDLE_MINUTES: z.coerce
    .number()
    .min(0)
    .max(24 * 60)
    .default(15),
  // minutes without a request after which a console sign-in can no longer be refreshed (decision 147)
  ADMIN_IDLE_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(30),
  // seconds the publishing node's lease lasts without renewal; another node takes over after it
  // (publish/lease.ts, decision 152)
  PUBLISH_LEASE_SECONDS: z.coerce.number().min(1).max(300).default(6),
  // hours between scheduled database backups; 0 turns the schedule off
  BACKUP_INTERVAL_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 30)
    .default(24),
});

export type Config = z.output<typeof envSchema> & {
  /** this node's own folder (DATA_DIR) */
  dataDir: string;
  /** the folder the nodes of one database share (SHARED_DIR, else DATA_DIR): ops/data-paths.ts */
  sharedDir: string;
  jwtSecret: string;
};

/** Reads the environment once; a bad value stops the process with a readable message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`환경 변수가 올바르지 않습니다 (invalid environment):\n${lines.join('\n')}`);
  }
  const dataDir = resolve(parsed.data.DATA_DIR);
  const sharedDir = resolve(parsed.data.SHARED_DIR ?? parsed.data.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  mkdirSync(sharedDir, { recursive: true });
  return {
    ...parsed.data,
    dataDir,
    sharedDir,
    jwtSecret: parsed.data.JWT_SECRET ?? keptSecret(sharedDir),
  };
}

/**
 * A JWT secret generated once and kept in the shared folder, so tokens survive restarts and every
 * node takes the tokens another signed.
 */
function keptSecret(sharedDir: string): string {
  const file = dataPaths(sharedDir).jwtSecret;
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
