import { serve } from '@hono/node-server';
import { join } from 'node:path';
import { loadConfig } from './config.ts';
import { bootstrap } from './bootstrap.ts';
import { createApp } from './app.ts';
import { logger } from './logger.ts';
import { seedDemo } from './db/seed/demo-seed.ts';
import { Publisher } from './publish/publisher.ts';
import { serveSite } from './publish/serve-site.ts';

const started = performance.now();
let config;
try {
  config = loadConfig();
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n`);
  process.exit(1);
}
logger.setLevel(config.LOG_LEVEL);

const opened = await bootstrap(config, { seed: seedDemo }).catch((err: Error) => {
  process.stderr.write(`데이터 폴더를 열 수 없습니다 (cannot open the data folder ${config.dataDir}): ${err.message}\n`);
  process.exit(1);
});

const publisher = new Publisher({
  db: opened.db, dataDir: config.dataDir, dbFile: join(config.dataDir, 'sbsa.sqlite'),
  publicOrigin: config.PUBLIC_ORIGIN, deployHookUrl: config.DEPLOY_HOOK_URL,
});
if (config.BUILD_SITE) await publisher.start();

const app = createApp(
  { db: opened.db, sqlite: opened.sqlite, config, publisher, onPublicChange: (reason) => config.BUILD_SITE && publisher.markDirty(reason) },
  { site: serveSite(() => publisher.site) },
);

const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
  logger.info('listening', { url: `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${info.port}`, startupMs: Math.round(performance.now() - started) });
});

let stopping = false;
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info('shutting down', { signal });
  setTimeout(() => process.exit(0), 10_000).unref();
  server.close(async () => {
    await publisher.stop();
    await opened.close();
    process.exit(0);
  });
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
