/**
 * Headers of every answer of the API, whoever asks and whatever the status. API answers are JSON
 * that depends on the caller or on data that changes at any time: no cache may keep them (a
 * shared computer's browser cache would otherwise keep a signed-in user's data), and no browser
 * may guess another type for them.
 */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};
