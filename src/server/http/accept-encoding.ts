import Negotiator from 'negotiator';

export type ContentEncoding = 'br' | 'gzip' | 'identity';
type Compressed = Exclude<ContentEncoding, 'identity'>;

// negotiator 1.x takes the server's preference for equal q-values; its published types predate it
type EncodingWithPreference = (
  available: readonly string[],
  options: { preferred: readonly string[] },
) => string | undefined;

// A handful of distinct Accept-Encoding values make up nearly all traffic: each is parsed once.
const memo = new Map<string, ContentEncoding>();

/**
 * The encoding to answer with, from the client's Accept-Encoding (RFC 9110 §12.5.3, q-values
 * included: `br;q=0` refuses brotli, `gzip;q=1, br;q=0.5` prefers gzip) and the encodings on
 * offer. Between equal q-values brotli wins (smaller), then gzip. Identity when nothing offered is
 * acceptable — also when the client refused identity: an uncompressed answer beats a 406.
 */
export function negotiateEncoding(
  acceptEncoding: string | undefined,
  offered: readonly Compressed[] = ['br', 'gzip'],
): ContentEncoding {
  if (!acceptEncoding) return 'identity';
  const key = `${offered.join()}|${acceptEncoding}`;
  const known = memo.get(key);
  if (known) return known;
  const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } });
  const available = [...offered, 'identity'];
  const chosen = (negotiator.encoding as EncodingWithPreference)(available, {
    preferred: available,
  });
  const encoding = (chosen ?? 'identity') as ContentEncoding;
  if (memo.size >= 256) memo.clear();
  memo.set(key, encoding);
  return encoding;
}
