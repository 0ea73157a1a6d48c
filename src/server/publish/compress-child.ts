/**
 * The process that makes blobs' brotli variants in the background (compress-queue.ts): one blob
 * per message, its new size in the answer. It ends when the queue lets it go (the channel closes),
 * and the memory the encoder took goes with it.
 */
import { SiteStore } from './site-store.ts';

export interface CompressRequest {
  h: string;
  /** the variant's size: absent for a blob stored without one */
  br?: number;
}

const store = new SiteStore(process.argv[2]);

process.on('message', (blob: CompressRequest) => {
  const entry = { ...blob };
  store.compress(entry).then(
    // compress wrote the new size into the entry
    () => process.send!(entry),
    // collected meanwhile, or unreadable: the blob keeps the variant it had
    () => process.send!(blob),
  );
});
process.on('disconnect', () => process.exit(0));
