/**
 * Uploaded pictures are stored in the sizes the pages show (decision 068): each size and its WebP
 * is an uploads row of its own, so `/uploads` serves it with its type, pointing at the file that
 * was uploaded; width and height let pages write `srcset` and reserve the picture's space.
 */
export const name = '003-image-sizes';

export const sql = /* sql */ `
ALTER TABLE uploads ADD COLUMN width INTEGER CHECK (width IS NULL OR width > 0);
ALTER TABLE uploads ADD COLUMN height INTEGER CHECK (height IS NULL OR height > 0);
ALTER TABLE uploads ADD COLUMN variant_of INTEGER REFERENCES uploads(id) ON DELETE CASCADE;
CREATE INDEX uploads_variant_of ON uploads(variant_of);
`;

/** The same statements read alike on PostgreSQL. */
export const postgres = sql;
