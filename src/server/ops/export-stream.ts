import { isPostgresUrl } from '../db/open-postgres.ts';
import { dataPaths } from './data-paths.ts';
import { exportChunks } from './export-data.ts';
import type { SkippedUpload } from './export-data.ts';
import { exportPostgresChunks } from './export-postgres.ts';

/**
 * The export of the database an instance runs on, as one stream of chunks: PostgreSQL's
 * (export-postgres.ts) when `databaseUrl` names one, else the SQLite file's in the shared folder
 * (export-data.ts). Ending the stream early ends the read transaction of either.
 */
export async function* exportStream(
  sharedDir: string,
  databaseUrl: string | null | undefined,
  onSkippedUpload?: (skipped: SkippedUpload) => void,
): AsyncGenerator<string> {
  if (isPostgresUrl(databaseUrl ?? undefined))
    yield* exportPostgresChunks(databaseUrl as string, sharedDir, onSkippedUpload);
  else yield* exportChunks(dataPaths(sharedDir).dbFile, sharedDir, onSkippedUpload);
}
