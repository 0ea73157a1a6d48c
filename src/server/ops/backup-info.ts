/** Why a backup was taken. */
export type BackupReason = 'scheduled' | 'manual' | 'pre-migration' | 'command-line' | 'pre-import';

/** What a backup's manifest (`sbsa-….json` beside the `.sqlite` or `.dump`) records. */
export interface BackupInfo {
  /** File name, e.g. `sbsa-20250301-030000.sqlite`, or `.dump` for PostgreSQL */
  file: string;
  /** Absolute path of the database copy */
  path: string;
  createdAt: string;
  reason: BackupReason | 'unknown';
  /** Who asked for it (an admin's email) when taken from the console */
  by: string | null;
  bytes: number;
  /** Migrations applied in the copy: its schema version */
  migrations: string[];
  /** The uploads snapshot folder beside it (hard links), or null when there is none */
  uploads: { folder: string; files: number; bytes: number } | null;
  durationMs: number | null;
}

/** The manifest as written to disk: paths are derived from where the file lies, so a moved data folder still works. */
export interface SavedManifest {
  createdAt: string;
  reason: BackupInfo['reason'];
  by: string | null;
  migrations: string[];
  uploads: { files: number; bytes: number } | null;
  durationMs: number;
}
