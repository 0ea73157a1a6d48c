/**
 * A notice can be kept as a draft (임시 저장) until it is published: drafts are left out of the
 * public list, reading page and site. Notices written before this were published at once, so they
 * stay published (the default).
 */
export const name = '005-notice-drafts';

export const sql = /* sql */ `
ALTER TABLE notices ADD COLUMN draft INTEGER NOT NULL DEFAULT 0 CHECK (draft IN (0,1));
`;

/** The same statement reads alike on PostgreSQL. */
export const postgres = sql;
