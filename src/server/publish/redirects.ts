/**
 * The build's `_redirects` (Netlify / Cloudflare Pages format: `/from /to 301`, one rule a line,
 * `#` comments) in a form the server can look up per request. The build writes it at its root
 * (src/pages/[redirects].ts); a static host or CDN reads the same file. Only what the build writes
 * is understood: exact sources and `/prefix/*` sources, targets that are paths on this site (with
 * `:splat`), 3xx codes. Anything else (placeholders, query conditions, forced or proxy rules,
 * external targets) is skipped, never guessed at.
 */
export interface RedirectRule {
  /** the source as written, decoded: `/sbsa/result/game/12/*` */
  from: string;
  /** the target as written: `/sbsa/season/3/result/game/12/:splat` */
  to: string;
  status: number;
}

export interface RedirectRules {
  /** exact sources, by path without a trailing slash */
  exact: Map<string, RedirectRule>;
  /** splat sources (`/prefix/*`), by prefix without the `/*` */
  prefix: Map<string, RedirectRule>;
  /** rules kept */
  size: number;
}

export const NO_REDIRECTS: RedirectRules = Object.freeze({
  exact: new Map(),
  prefix: new Map(),
  size: 0,
}) as RedirectRules;

const STATUSES = new Set([301, 302, 303, 307, 308]);

/** A path of this site: one leading slash, no scheme, no backslash, no control characters. */
const isSitePath = (path: string) =>
  path.startsWith('/') && !path.startsWith('//') && !/[\\\u0000-\u001f\u007f]/.test(path);

/** The decoded form of a URL path, or null when it does not decode or tries to climb out. */
export function decodePath(path: string): string | null {
  let decoded = path;
  // most paths have nothing to decode: every static request comes through here
  if (path.includes('%')) {
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return null;
    }
  }
  if (decoded.includes('\0') || (decoded.includes('..') && decoded.split('/').includes('..')))
    return null;
  return decoded;
}

/** `/a/b/` → `/a/b`; the root stays `/`. */
const trimSlash = (path: string) =>
  path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;

/** Reads a `_redirects` file; the first rule for a source wins, as on the static hosts. */
export function parseRedirects(text: string): RedirectRules {
  const exact = new Map<string, RedirectRule>();
  const prefix = new Map<string, RedirectRule>();
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const parts = line.split(/\s+/);
    if (parts.length < 2 || parts.length > 3) continue;
    const [source, to, code = '301'] = parts;
    if (!/^\d{3}$/.test(code) || !STATUSES.has(Number(code))) continue;
    if (
      !isSitePath(to) ||
      to.includes('?') ||
      to.includes('#') ||
      to.replaceAll(':splat', '').includes(':')
    )
      continue;
    const splat = source.endsWith('/*');
    const body = splat ? source.slice(0, -2) : source;
    // placeholders (:id) and wildcards elsewhere than at the end are not written by the build
    if (
      !isSitePath(source) ||
      body.includes('*') ||
      body.includes(':') ||
      (!splat && to.includes(':splat'))
    )
      continue;
    const from = decodePath(body);
    if (from === null) continue;
    const rule: RedirectRule = { from: splat ? `${from}/*` : from, to, status: Number(code) };
    const key = trimSlash(from);
    const map = splat ? prefix : exact;
    if (!map.has(key)) map.set(key, rule);
  }
  return { exact, prefix, size: exact.size + prefix.size };
}

/** Each segment percent-encoded again, so a decoded splat goes back into a Location header safely. */
const encodeSegments = (path: string) =>
  path
    .split('/')
    .map((s) => encodeURIComponent(s))
    .join('/');

/** The target of a rule for a path it matched; `rest` is what followed the prefix ('' or '/…'). */
function target(rule: RedirectRule, rest: string | null): string | undefined {
  let to = rule.to;
  if (to.includes(':splat')) {
    const splat = rest === null ? '' : rest.replace(/^\//, '');
    // `/prefix` alone (no slash) goes to the target without its trailing `/:splat`
    to =
      rest === '' && to.endsWith('/:splat')
        ? to.slice(0, -'/:splat'.length)
        : to.replaceAll(':splat', encodeSegments(splat));
  }
  return isSitePath(to) ? to : undefined;
}

/**
 * The target path for a URL path with no file in the build, from its `_redirects`: an exact rule
 * first, then the splat rule of the longest matching prefix (the build writes exact rules first and
 * splat rules by length, so a static host's top-down reading gives the same answer). The cost is
 * one map lookup per path segment, whatever the number of rules. Targets are always paths on this
 * site (never `//host` or a URL); undefined when no rule applies or the path is malformed.
 */
export function redirectFor(
  site: { redirects?: RedirectRules },
  urlPath: string,
): string | undefined {
  const rules = site.redirects;
  if (!rules || rules.size === 0) return undefined;
  const q = urlPath.search(/[?#]/);
  const path = decodePath(q === -1 ? urlPath : urlPath.slice(0, q));
  if (path === null || !path.startsWith('/')) return undefined;
  const key = trimSlash(path);
  const exact = rules.exact.get(key);
  if (exact) return target(exact, null);
  if (rules.prefix.size === 0) return undefined;
  // `/a/b/c` tries `/a/b/c`, `/a/b`, `/a`, then `` (a `/*` rule)
  for (let end = key.length; end >= 0; end = key.lastIndexOf('/', end - 1)) {
    const prefix = key.slice(0, end);
    const rule = rules.prefix.get(prefix);
    if (rule) return target(rule, path.slice(prefix.length));
    if (end === 0) break;
  }
  return undefined;
}
