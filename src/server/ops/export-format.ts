import { z } from 'zod';

export const exportFormat = 'sbsa-export';
export const exportFormatVersion = 1;

/**
 * State of one running instance rather than the association's data: sign-in sessions and their
 * last activity, the login throttle's counters, the history of site builds, which node publishes,
 * and the change record with its mark (an import writes its own). Everything else is exported,
 * table by table, row by row.
 */
export const instanceTables = [
  'schema_migrations',
  'refresh_tokens',
  'login_failures',
  'publish_runs',
  'publisher_lease',
  'session_activity',
  'public_changes',
  'publish_cursor',
];

/** Rows that triggers derive from other tables (season_guards from seasons); an import rebuilds them. */
export const derivedTables = ['season_guards'];

/** The tables an export leaves out. */
export const unexportedTables = [...instanceTables, ...derivedTables];

/** A cell: JSON scalars as they are; BLOBs and integers beyond 2^53 wrapped so they survive JSON. */
export type Cell = null | number | string | { $blob: string } | { $bigint: string };

export const exportUpload = z.object({
  path: z.string().regex(/^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*\.[A-Za-z0-9]{1,10}$/),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  size: z.number().int().min(0),
  /** null when the file was missing on disk at export time */
  base64: z.string().nullable(),
});

export const exportTable = z.object({
  columns: z.array(z.string().min(1)),
  rows: z.array(z.array(z.unknown())),
});

/** The whole-instance export file. */
export const exportFile = z.object({
  format: z.literal(exportFormat),
  formatVersion: z.literal(exportFormatVersion),
  /** The schema version: names of the migrations applied in the exporting database, in order */
  schema: z.array(z.string()).min(1),
  tables: z.record(z.string(), exportTable),
  uploads: z.array(exportUpload),
});

export type ExportFile = z.output<typeof exportFile>;
export type ExportTable = z.output<typeof exportTable>;
export type ExportUpload = z.output<typeof exportUpload>;
