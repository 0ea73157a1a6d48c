/**
 * A render of every page goes to the renderers in jobs of at most this many files. A job's reads
 * are memoized until it ends (memo.ts): one job for a renderer's whole share held the data of
 * every page it had rendered, 725–823 MB of a renderer on the bench association's 19,540 files,
 * and more on a larger site. Jobs of this size keep one at about 500 MB at the same render rate
 * (decision 120).
 */
export const FILES_PER_JOB = 2_000;

// a past season's copy of a page (`sbsa/season/2024/stats/…`) beside the current one
const SEASON_FOLDER = /(^|\/)season\/\d+\//;

/**
 * A render of every page as jobs for `renderers` renderers: a multiple of their number, of at most
 * `perJob` files each and equal in size. Files are ordered with every season's copy of a page
 * together, so one job renders a player's or a team's pages of every season while their reads
 * (the player's career, the team's history) are memoized.
 */
export function inJobs(files: string[], renderers: number, perJob: number): string[][] {
  const keyed = files.map((file) => ({ file, key: file.replace(SEASON_FOLDER, '$1') }));
  // a stable sort: the copies of one page keep the site's order among themselves
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const count = Math.max(1, Math.ceil(files.length / perJob / renderers) * renderers);
  return Array.from({ length: count }, (_, i) =>
    keyed
      .slice(Math.floor((i * keyed.length) / count), Math.floor(((i + 1) * keyed.length) / count))
      .map((k) => k.file),
  ).filter((job) => job.length > 0);
}
