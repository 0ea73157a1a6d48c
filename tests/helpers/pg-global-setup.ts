import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migratePostgres } from '../../src/server/db/migrate-postgres.ts';
import { startPgCluster } from './pg-cluster.ts';
import { PG_TEMPLATE } from './pg-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the throw-away cluster's address without a database name; '' when the run is on SQLite */
    pgServer: string;
  }
}

/**
 * The PostgreSQL runs (vitest.api-pg.config.ts): one throw-away cluster for the whole run and one
 * migrated template database, which each test copies (`CREATE DATABASE … TEMPLATE`, a file copy
 * taking a few tens of milliseconds) instead of migrating a database of its own.
 */
export default async function setup(project: TestProject) {
  const cluster = await startPgCluster();
  try {
    const admin = new pg.Client(cluster.url('postgres'));
    await admin.connect();
    await admin.query(`CREATE DATABASE ${PG_TEMPLATE}`);
    await admin.end();
    const pool = new pg.Pool({ connectionString: cluster.url(PG_TEMPLATE) });
    await migratePostgres(pool);
    // the template must have no connection left when a test copies it
    await pool.end();
  } catch (err) {
    cluster.stop();
    throw err;
  }
  project.provide('pgServer', cluster.url('').replace(/\/$/, ''));
  return () => cluster.stop();
}
