import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a link to a draft's attachment works: an editing session, not a lasting address. */
const linkSeconds = 2 * 60 * 60;

const mac = (secret: string, path: string, until: number) =>
  createHmac('sha256', secret).update(`draft-file\n${path}\n${until}`).digest('base64url');

/**
 * The address of an attachment of a draft notice for the staff who edit it: the upload's URL with
 * an expiry and a signature, since a plain link in the console carries no sign-in.
 */
export function draftFileLink(url: string, secret: string, now = Date.now()): string {
  const until = Math.floor(now / 1000) + linkSeconds;
  const path = url.replace(/^\/uploads\//, '');
  return `${url}?until=${until}&sig=${mac(secret, path, until)}`;
}

/** Whether a request for the upload at `path` carries a signature of `draftFileLink` still valid. */
export function draftFileLinkValid(
  path: string,
  query: URLSearchParams,
  secret: string,
  now = Date.now(),
): boolean {
  const until = Number(query.get('until'));
  const sig = query.get('sig') ?? '';
  if (!Number.isInteger(until) || until * 1000 < now) return false;
  const expected = Buffer.from(mac(secret, path, until));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
