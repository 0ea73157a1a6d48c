/**
 * Whether a publish run renders every page (`whole` 1) or the pages of named changes (0). A node
 * that finds a run cut off by a crash renders every page again only when that run was a whole
 * render: the changes of a cut-off partial run are still unmarked in the change record (decision
 * 150) and are published from it, so a takeover (decision 152) publishes at the pace of a save.
 */
export const name = '013-publish-run-scope';

export const sql = /* sql */ `
ALTER TABLE publish_runs ADD COLUMN whole INTEGER NOT NULL DEFAULT 1 CHECK (whole IN (0, 1));
`;

export const postgres = /* sql */ `
ALTER TABLE publish_runs ADD COLUMN whole INTEGER NOT NULL DEFAULT 1 CHECK (whole IN (0, 1));
`;
