import type { DatabaseSync } from 'node:sqlite';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { AuthUser } from './auth/auth-user.ts';
import type { Publisher } from './publish/publisher.ts';
import type { ReadCache } from './http/read-cache.ts';
import type { NoticeViews } from './services/notice-views.ts';

/** What every request handler can reach through `c.var`. */
export interface AppDeps {
  db: Db;
  /** the SQLite connection; null on PostgreSQL (decision 151) */
  sqlite: DatabaseSync | null;
  config: Config;
  /**
   * The publisher's signals (absent when the server makes no site): `committed` after every write
   * request, so the change record (docs/decisions/150) is read at once rather than at the next
   * poll; `expected` when staff open a form whose save will change the site, so the renderer gets
   * ready for it.
   */
  publishing?: { committed(): void; expected(): void };
  /** Present when the server publishes the static site (absent in API-only tests). */
  publisher?: Publisher;
  /**
   * The public build this node serves, whichever node published it, and whether this node is the
   * one publishing (decision 153); when absent, the publisher's own build is the one served.
   */
  served?: { build(): { id: string } | null; publishes(): boolean };
  /** Anonymous API answers kept until the data changes; made here when not given. */
  readCache?: ReadCache;
  /** Notice readings counted in memory; made by createApp when not given. */
  noticeViews?: NoticeViews;
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    /** null when the request carries no valid access token */
    user: AuthUser | null;
    /** why the bearer token was refused, when one was sent */
    authError: 'expired' | 'invalid' | null;
  };
}
