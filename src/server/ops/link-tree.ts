import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface TreeCopy {
  files: number;
  bytes: number;
  linked: number;
}

/**
 * Mirrors a folder tree with hard links, copying only where a link is impossible (another file
 * system). Uploads are written once under a random name and never changed in place, so a link is a
 * true snapshot that costs no space; deleting the original later leaves the snapshot whole.
 */
export function linkTree(from: string, to: string): TreeCopy {
  const result: TreeCopy = { files: 0, bytes: 0, linked: 0 };
  if (!existsSync(from)) return result;
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) {
      const sub = linkTree(source, target);
      result.files += sub.files;
      result.bytes += sub.bytes;
      result.linked += sub.linked;
    } else if (entry.isFile()) {
      const size = statSync(source).size;
      try {
        linkSync(source, target);
        result.linked += 1;
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'EMLINK' && code !== 'ENOTSUP')
          throw err;
        copyFileSync(source, target);
      }
      result.files += 1;
      result.bytes += size;
    }
  }
  return result;
}
