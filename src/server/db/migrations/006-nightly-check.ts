/**
 * The midnight rebuild's check of the render dependencies (decision 125) is kept with its run, so
 * the dashboard can show it after a restart: how many pages changed that no change had named
 * (null for a run that was not checked) and the first 20 of them, as a JSON list.
 */
export const name = '006-nightly-check';

export const sql = /* sql */ `
ALTER TABLE publish_runs ADD COLUMN unnamed_pages INTEGER CHECK (unnamed_pages >= 0);
ALTER TABLE publish_runs ADD COLUMN unnamed_files TEXT;
`;

/** The same statement reads alike on PostgreSQL. */
export const postgres = sql;
