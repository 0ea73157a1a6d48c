import { createServer } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { loadConfig } from './config.ts';
import type { Config } from './config.ts';
import { bootstrap } from './bootstrap.ts';
import { createApp } from './app.ts';
import { logger } from './logger.ts';
import { metrics } from './metrics.ts';
import { accessLogged } from './http/access-log.ts';
import { serverTimeouts, withRequestDeadline } from './http/request-timeouts.ts';
import { withLingeringClose } from './http/lingering-close.ts';
import { seedDemo } from './db/seed/demo-seed.ts';
import { Publisher, buildCacheDir } from './publish/publisher.ts';
import { nodeListener, serveSite, siteFastPath } from './publish/serve-site.ts';
import { FileCache } from './publish/file-cache.ts';
import { LiveSite } from './publish/live-site.ts';
import { Lease } from './publish/lease.ts';
import { AdvisoryLease } from './publish/advisory-lease.ts';
import { SiteStore } from './publish/site-store.ts';
import { ReadCache, readCacheFastPath } from './http/read-cache.ts';
import { NoticeViews } from './services/notice-views.ts';
import { describeStorageError, storageProblem } from './ops/storage-error.ts';
import { acquireServerLock } from './ops/server-lock.ts';
import { takeSiteRebuild } from './ops/rebuild-marker.ts';
import { dataPaths } from './ops/data-paths.ts';
import { startBackupSchedule } from './ops/backup-schedule.ts';
import { startAccessLogRetention } from './ops/access-log-retention.ts';

const started = performance.now();
// V8 lets its heap grow to up to four times the live data before a full collection, and keeps the
// pages a collection frees for its own reuse: after a burst of reads the server held 450–550 MB
// with about 70 MB live. Growing by at most 25 % at a time keeps it near its live data
// (docs/decisions/117). Set here, not on the command line, which the renderer processes inherit:
// they render faster with a roomy heap.
setFlagsFromString('--heap-growing-percent=25');
let config: Config;
try {
  config = loadConfig();
} catch (err) {
  const text = storageProblem(err)
    ? describeStorageError(err, process.env.DATA_DIR || './data').message
    : (err as Error).message;
  process.stderr.write(`${text}\n`);
  process.exit(1);
}
logger.setLevel(config.LOG_LEVEL);

// One process per data folder: restore and import take this same lock while they work.
let lock: { release(): void };
try {
  lock = acquireServerLock(config.dataDir, 'server', config.sharedDir);
} catch (err) {
  process.stderr.write(`${describeStorageError(err, config.dataDir).message}\n`);
  process.exit(1);
}
process.on('exit', () => lock.release());

const opened = await bootstrap(config, { seed: seedDemo }).catch((err: Error) => {
  process.stderr.write(`${describeStorageError(err, config.sharedDir).message}\n`);
  process.exit(1);
});

const publisher = new Publisher({
  db: opened.db,
  dataDir: config.sharedDir,
  cacheDir: buildCacheDir(config.dataDir),
  // what the renderers read: the shared SQLite file, or the PostgreSQL database (decision 151)
  dbFile: config.DATABASE_URL ?? dataPaths(config.dataDir, config.sharedDir).dbFile,
  publicOrigin: config.PUBLIC_ORIGIN,
  deployHookUrl: config.DEPLOY_HOOK_URL,
  rendererIdleMs: config.RENDERER_IDLE_MINUTES * 60_000,
});
const readCache = new ReadCache(opened.sqlite, {
  maxBytes: config.API_CACHE_MB * 1024 * 1024,
  postgres: opened.db,
});

// One node of a shared database publishes at a time: the one holding the publisher lease (decision
// 152). It reads the change record from where the last publish left it, so whatever another node
// committed, or a killed holder did not publish, is published by the node that takes over.
let publishing = false;
let publisherStarted: Promise<void> = Promise.resolve();
const onLeaseChange = (held: boolean) => {
  if (held && !publishing && !stopping) {
    publishing = true;
    logger.info('publishing: this node holds the publisher lease');
    publisherStarted = publisher.start().then(() => {
      // a restore or an import replaced the database since the live build was made
      const rebuildReason = takeSiteRebuild(config.sharedDir);
      if (rebuildReason) publisher.markDirty(rebuildReason, 0);
    });
  } else if (!held && publishing) {
    // another node may take the lease from now on: this one stops publishing (a restart lets it
    // publish again once the lease is free)
    logger.warn('publisher lease lost: this node no longer publishes');
    void publisher.stop();
  }
};
// on PostgreSQL an advisory lock, which writes nothing (advisory-lease.ts); on SQLite a row
const lease = config.DATABASE_URL
  ? new AdvisoryLease({
      url: config.DATABASE_URL,
      ttlMs: config.PUBLISH_LEASE_SECONDS * 1000,
      onChange: onLeaseChange,
    })
  : new Lease({
      db: opened.db,
      ttlMs: config.PUBLISH_LEASE_SECONDS * 1000,
      absorbed: (rows) => readCache.absorbed(rows),
      onChange: onLeaseChange,
    });
let stopping = false;
if (config.BUILD_SITE) {
  await lease.start();
  await publisherStarted;
  if (!publishing)
    publisher
      .prepare()
      .catch((err: Error) =>
        logger.warn('renderer code not made', { error: err.message.slice(0, 2000) }),
      );
}
// the live build in the shared folder, whichever node published it (decision 152)
const liveSite = new LiveSite({
  store: new SiteStore(dataPaths(config.dataDir, config.sharedDir).builds),
  local: () => publisher.site,
});
await liveSite.start();
const backups = startBackupSchedule({
  dataDir: config.sharedDir,
  databaseUrl: config.DATABASE_URL,
  intervalHours: config.BACKUP_INTERVAL_HOURS,
});

// the access record of personal data: rows older than two years go after each Seoul midnight
const accessLogRetention = startAccessLogRetention(opened.db);

// the public site is read from disk (content-addressed builds); its hot files are kept up to this size
const fileCache = new FileCache(config.SITE_CACHE_MB * 1024 * 1024);
metrics.watchCache('api', readCache);
metrics.watchCache('site', fileCache);
const noticeViews = new NoticeViews(opened.sqlite ?? opened.db, (write) => readCache.absorb(write));
noticeViews.start();
const app = createApp(
  {
    db: opened.db,
    sqlite: opened.sqlite,
    config,
    readCache,
    noticeViews,
    // BUILD_SITE=0: no builds at all (the publish actions answer that the server makes no site)
    publisher: config.BUILD_SITE ? publisher : undefined,
    served: {
      build: () => liveSite.site,
      // the lease may have gone to another node since this one started publishing
      publishes: () => publishing && lease.isHeld(),
    },
    publishing: config.BUILD_SITE
      ? { committed: () => publisher.changesCommitted(), expected: () => publisher.expectChange() }
      : undefined,
  },
  { site: serveSite(() => liveSite.site, fileCache) },
);

// Files of the live build and kept API answers are sent before Hono; everything else goes through it.
// An answer sent before the whole body arrived is not lost to a reset (lingering-close.ts).
// Slow clients are cut: headers within 10 s, a request within 30 s (uploads 120 s); see request-timeouts.ts.
const server = createServer(
  {
    ...serverTimeouts,
    ...accessLogged((r) => metrics.request(r.method, r.route, r.status, r.durationMs / 1000)),
  },
  withLingeringClose(
    withRequestDeadline(
      nodeListener(
        app.fetch,
        [siteFastPath(() => liveSite.site, fileCache), readCacheFastPath(readCache)],
        config.HOST,
      ),
    ),
  ),
);
server.listen(config.PORT, config.HOST, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  logger.info('listening', {
    url: `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${port}`,
    startupMs: Math.round(performance.now() - started),
  });
});

function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info('shutting down', { signal });
  setTimeout(() => process.exit(0), 10_000).unref();
  backups.stop();
  accessLogRetention.stop();
  liveSite.stop();
  // at once: a running build's child process is stopped rather than left behind
  const publisherStopped = publisher.stop();
  server.close(async () => {
    await publisherStopped;
    // given up only once this node has stopped publishing: another node takes over at once
    await lease.stop();
    await noticeViews.stop();
    await opened.close();
    process.exit(0);
  });
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
