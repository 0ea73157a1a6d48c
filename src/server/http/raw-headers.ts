/**
 * Headers read off node's raw list (`req.rawHeaders`: name, value, name, value …). Node builds
 * `req.headers` on first use, and the paths that answer most requests (static files, kept API
 * answers, the access log) need only one or two headers of it.
 */

/** The index of the first value of the header `lowerName` (lower case) in the raw list, or -1. */
export function rawHeaderIndex(raw: readonly string[], lowerName: string): number {
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i];
    if (name.length === lowerName.length && name.toLowerCase() === lowerName) return i + 1;
  }
  return -1;
}

/** The first value of the header `lowerName` (lower case), or undefined when it was not sent. */
export function rawHeader(raw: readonly string[], lowerName: string): string | undefined {
  const at = rawHeaderIndex(raw, lowerName);
  return at === -1 ? undefined : raw[at];
}
