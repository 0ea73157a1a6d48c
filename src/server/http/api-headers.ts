/**
 * Headers of every answer of the API, whoever asks and whatever the status. API answers are JSON
 * that depends on the caller or on data that changes at any time: no cache may keep them (a
 * shared computer's browser cache would otherwise keep a signed-in user's data), and no browser
 * may guess another type for them. The one exception says so itself: an anonymous answer meant for
 * caches (the live score of a game, decision 149) sets its own cache-control, which stays.
 */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

/** Puts the API's headers on an answer, leaving a cache-control the route set itself. */
export function setApiHeaders(headers: Headers): void {
  for (const [name, value] of Object.entries(API_HEADERS))
    if (!(name === 'cache-control' && headers.has(name))) headers.set(name, value);
}

/** The same for a kept answer's own headers, as node's ServerResponse takes them. */
export const withApiHeaders = (own: Record<string, string>): Record<string, string> => ({
  ...API_HEADERS,
  ...own,
});
