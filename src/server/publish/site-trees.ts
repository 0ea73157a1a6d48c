import { existsSync, lstatSync, readlinkSync } from 'node:fs';
import {
  copyFile,
  link,
  lstat,
  mkdir,
  readdir,
  rename,
  rm,
  rmdir,
  stat,
  symlink,
  unlink,
  utimes,
} from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { eachLimited } from './compress-build.ts';
import { LIVE_LINK, TREES_DIR } from './site-store.ts';
import type { BlobEntry, SiteStore } from './site-store.ts';

/** The variants a tree lays beside a file, as the entry names them (`.br`, and `.gz` of old blobs). */
const VARIANTS = ['br', 'gz'] as const;

/**
 * What a tree holds beside the live build: the paths where its files may differ from the live
 * build's, or 'all' when that is not known (a tree found at start, one cut off while being laid).
 */
type Stale = Set<string> | 'all';

let tmpSeq = 0;
const tmpName = (file: string) => `${file}.${process.pid}.${++tmpSeq}.tmp`;

/**
 * Each build of the site as a plain folder tree (docs/decisions/139): `trees/<id>/sbsa/index.html`
 * and its `.br` beside it, every file a hard link to its blob (site-store.ts), so a tree costs its
 * folders and no file's bytes. `live` is a link to the live build's tree: nginx, Caddy, a CDN
 * origin or `rclone sync` serve that folder as it is, and the switch is one rename of the link.
 *
 * Laying out 19,600 files and their folders takes about a second on the bench association, which
 * a saved record's publish cannot spend. So a tree is not laid out for every build: the tree of a
 * build that is neither live nor kept for rollback is taken for the next build, renamed, and only
 * its paths that differ from the new build are linked again. Which paths those are is known from
 * the changes of each switch (`stale`), in memory; a tree whose differences are not known is made
 * anew. At most one such spare tree is kept.
 *
 * A file is replaced by a link made under a temporary name and renamed over it, so a reader of a
 * tree gets a file whole; but only trees no static server serves are ever changed.
 */
export class SiteTrees {
  readonly dir: string;
  readonly #store: SiteStore;
  /** the trees on disk by build id, and what each holds beside the live build */
  readonly #stale = new Map<string, Stale>();
  /** when each tree was last made live: the tree longest out of service is taken first */
  readonly #liveAt = new Map<string, number>();
  #switches = 0;

  constructor(store: SiteStore) {
    this.#store = store;
    this.dir = join(store.dir, TREES_DIR);
  }

  /** A build's tree. */
  treeDir(id: string): string {
    return join(this.dir, id);
  }

  /** The link to the live build's tree: the folder a static server's root names. */
  get liveLink(): string {
    return join(this.#store.dir, LIVE_LINK);
  }

  /** The build the `live` link names on disk, or null. */
  liveOnDisk(): string | null {
    try {
      return readlinkSync(this.liveLink).split('/').pop() ?? null;
    } catch {
      return null;
    }
  }

  /**
   * At start: the live build's tree is there (made when missing: a data folder from before the
   * trees, or a tree deleted by hand) and `live` names it; the previous build's tree is kept for
   * rollback. Other trees are left to the collection. What each tree holds beside the live build
   * is not known after a restart: a tree other than the live one is laid out anew when it is used.
   */
  async open(live: string | null, files: Record<string, BlobEntry> | null): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    for (const id of await readdir(this.dir).catch(() => [] as string[]))
      if (!id.startsWith('.')) this.#stale.set(id, 'all');
    if (live === null || files === null) return;
    if (!existsSync(this.treeDir(live))) await this.#layFresh(live, files);
    this.#stale.set(live, new Set());
    this.#liveAt.set(live, ++this.#switches);
    if (this.liveOnDisk() !== live) await this.#link(live);
  }

  /**
   * Lays out build `id`'s tree before it goes live. `changed`: the paths whose file (or variants)
   * differ from the live build's, null when not known (every path is then laid anew). `keep`: the
   * builds whose trees must stay as they are (the live one, the one kept for rollback).
   */
  async prepare(
    id: string,
    files: Record<string, BlobEntry>,
    changed: readonly string[] | null,
    keep: readonly (string | null)[],
    live: string | null,
  ): Promise<void> {
    const kept = new Set(keep);
    const reusable = [...this.#stale].filter(
      ([tree, stale]) => !kept.has(tree) && tree !== live && stale !== 'all',
    );
    reusable.sort(([a], [b]) => (this.#liveAt.get(a) ?? 0) - (this.#liveAt.get(b) ?? 0));
    // a rollback finds the tree of the build it goes back to, with the switches since to undo
    const own = this.#stale.get(id);
    const spare = own !== undefined && own !== 'all' ? id : reusable[0]?.[0];
    if (changed === null || spare === undefined) {
      if (this.#stale.has(id)) await this.#drop(id);
      await this.#layFresh(id, files);
    } else {
      const paths = new Set([...(this.#stale.get(spare) as Set<string>), ...changed]);
      if (spare !== id) {
        if (this.#stale.has(id)) await this.#drop(id);
        await rename(this.treeDir(spare), this.treeDir(id));
        this.#stale.delete(spare);
        this.#liveAt.delete(spare);
      }
      // cut off half-way, the tree holds a mix: not to be reused as if it held one build
      this.#stale.set(id, 'all');
      const tree = this.treeDir(id);
      const made = new Map<string, Promise<unknown>>();
      await eachLimited([...paths], 16, async (rel) => {
        const entry = files[rel];
        if (entry === undefined) return this.#remove(tree, rel);
        await folder(made, dirname(join(tree, rel)));
        await this.#place(tree, rel, entry, false);
      });
    }
    this.#stale.set(id, changed === null ? 'all' : new Set(changed));
    if (live !== null && changed !== null)
      await eachLimited(changed, 16, async (rel) => {
        if (files[rel]) await keepApart(this.#store, this.treeDir(live), rel, files[rel]);
      });
  }

  /**
   * The switch for a static server: one rename of the `live` link to build `id`'s tree (laid out
   * by `prepare`). `changed` as for `prepare`: what every other tree now holds beside the live one.
   */
  async switchTo(id: string, changed: readonly string[] | null): Promise<void> {
    await this.#link(id);
    for (const [tree, stale] of this.#stale) {
      if (tree === id) this.#stale.set(tree, new Set());
      else if (changed === null) this.#stale.set(tree, 'all');
      else if (stale !== 'all') for (const rel of changed) stale.add(rel);
    }
    this.#liveAt.set(id, ++this.#switches);
  }

  /**
   * Deletes the trees of builds not in `keep`, but for one spare that the next build can take
   * (the one whose differences from the live build are known and fewest), and what an interrupted
   * deletion left. Returns how many trees went.
   */
  async collect(keep: readonly (string | null)[], stop?: AbortSignal): Promise<number> {
    const kept = new Set(keep);
    const others = [...this.#stale].filter(([tree]) => !kept.has(tree));
    const known = others.filter(([, stale]) => stale !== 'all') as [string, Set<string>][];
    known.sort(([, a], [, b]) => a.size - b.size);
    const spare = known[0]?.[0];
    let trees = 0;
    for (const [tree] of others) {
      if (tree === spare || stop?.aborted) continue;
      await this.#drop(tree);
      trees++;
    }
    for (const name of await readdir(this.dir).catch(() => [] as string[]))
      if (name.startsWith('.') && !stop?.aborted)
        await rm(join(this.dir, name), { recursive: true, force: true });
    return trees;
  }

  /**
   * A blob of the live build got its variant after its switch (made in the background, or again
   * at the best level): linked beside the file at the paths given, in the live tree and in every
   * other tree that holds the live build's file there.
   */
  async relink(rels: readonly string[], entry: BlobEntry): Promise<void> {
    for (const [tree, stale] of this.#stale) {
      if (stale === 'all') continue;
      for (const rel of rels) {
        if (stale.has(rel)) continue;
        const to = join(this.treeDir(tree), rel);
        for (const variant of VARIANTS)
          if (entry[variant] !== undefined)
            await linkAs(this.#store.blobPath(entry.h, variant), `${to}.${variant}`, false);
      }
    }
  }

  /** A tree out of the way at once (renamed to a hidden name), then deleted. */
  async #drop(id: string): Promise<void> {
    this.#stale.delete(id);
    this.#liveAt.delete(id);
    const gone = join(this.dir, `.${id}.${process.pid}.${++tmpSeq}`);
    await rename(this.treeDir(id), gone).catch(() => undefined);
    await rm(gone, { recursive: true, force: true });
  }

  /** A new tree of every file, under a temporary name until whole. */
  async #layFresh(id: string, files: Record<string, BlobEntry>): Promise<void> {
    const tmp = join(this.dir, `.${id}.${process.pid}.${++tmpSeq}`);
    const made = new Map<string, Promise<unknown>>();
    await eachLimited(Object.keys(files), 16, async (rel) => {
      await folder(made, dirname(join(tmp, rel)));
      await this.#place(tmp, rel, files[rel], true);
    });
    await mkdir(tmp, { recursive: true });
    await rename(tmp, this.treeDir(id));
  }

  /** A file and its variants as hard links to their blobs (copies where the disk has no links). */
  async #place(tree: string, rel: string, entry: BlobEntry, fresh: boolean): Promise<void> {
    const to = join(tree, rel);
    for (const variant of VARIANTS) {
      if (entry[variant] !== undefined)
        await linkAs(this.#store.blobPath(entry.h, variant), `${to}.${variant}`, fresh);
      else if (!fresh) await unlink(`${to}.${variant}`).catch(() => undefined);
    }
    await linkAs(this.#store.blobPath(entry.h), to, fresh);
  }

  /** A path the build no longer has: its file, variants and the folders it leaves empty. */
  async #remove(tree: string, rel: string): Promise<void> {
    const to = join(tree, rel);
    for (const file of [to, ...VARIANTS.map((v) => `${to}.${v}`)])
      await unlink(file).catch(() => undefined);
    for (let folder = dirname(to); folder.startsWith(`${tree}/`); folder = dirname(folder)) {
      const emptied = await rmdir(folder).then(
        () => true,
        () => false,
      );
      if (!emptied) break;
    }
  }

  /** Points `live` at a tree: a new link under a temporary name, renamed over the old one. */
  async #link(id: string): Promise<void> {
    const tmp = tmpName(this.liveLink);
    await symlink(join(TREES_DIR, id), tmp);
    // a folder of an earlier layout in its place: a rename cannot replace it
    if (lstatSync(this.liveLink, { throwIfNoEntry: false })?.isDirectory())
      await rm(this.liveLink, { recursive: true, force: true });
    await rename(tmp, this.liveLink);
  }
}

/**
 * The paths whose files differ between two builds in a tree: another blob, a variant more or
 * less, or a path only one of them has.
 */
export function treeChanges(
  before: Record<string, BlobEntry>,
  after: Record<string, BlobEntry>,
): string[] {
  const changed: string[] = [];
  for (const [rel, entry] of Object.entries(after)) {
    const was = before[rel];
    if (
      was !== entry &&
      (was === undefined ||
        was.h !== entry.h ||
        VARIANTS.some((v) => (was[v] === undefined) !== (entry[v] === undefined)))
    )
      changed.push(rel);
  }
  for (const rel of Object.keys(before)) if (!(rel in after)) changed.push(rel);
  return changed;
}

/** Makes a folder once for all the files laid into it at the same time. */
function folder(made: Map<string, Promise<unknown>>, dir: string): Promise<unknown> {
  let making = made.get(dir);
  if (!making) {
    making = mkdir(dir, { recursive: true });
    made.set(dir, making);
  }
  return making;
}

/** A hard link to a blob at `to`: made in place in a new tree, else renamed over what was there. */
async function linkAs(from: string, to: string, fresh: boolean): Promise<void> {
  const at = fresh ? to : tmpName(to);
  await link(from, at).catch(async (err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') throw err;
    await copyFile(from, at);
  });
  if (fresh) return;
  await rename(at, to);
  // a rename onto a link of the same file does nothing (POSIX), and leaves the new name behind
  await unlink(at).catch(() => undefined);
}

/**
 * nginx's ETag is a file's modification time (in seconds) and size. A page changed twice within
 * one second to bytes of the same length (a live score going from 1 to 2) would keep its tag, and
 * a client holding the first would be told its copy is current. The new blob is then dated a
 * second after the file it replaces in the live tree, and so is each variant.
 */
async function keepApart(
  store: SiteStore,
  liveTree: string,
  rel: string,
  entry: BlobEntry,
): Promise<void> {
  for (const variant of [undefined, ...VARIANTS]) {
    if (variant && entry[variant] === undefined) continue;
    const was = join(liveTree, variant ? `${rel}.${variant}` : rel);
    const blob = store.blobPath(entry.h, variant);
    const [before, now] = await Promise.all([
      lstat(was).catch(() => null),
      stat(blob).catch(() => null),
    ]);
    if (!before || !now || before.ino === now.ino || before.size !== now.size) continue;
    const second = Math.floor(before.mtimeMs / 1000);
    if (Math.floor(now.mtimeMs / 1000) !== second) continue;
    await utimes(blob, now.atime, second + 1);
  }
}
