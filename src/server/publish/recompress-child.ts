/**
 * The process that compresses blobs again at the best brotli level (recompress-queue.ts): one blob
 * per message, its new size in the answer. It ends when the queue lets it go (the channel closes),
 * and the memory the encoder took goes with it.
 */
import { SiteStore } from './site-store.ts';

export interface RecompressRequest {
  h: string;
  br: number;
}

const store = new SiteStore(process.argv[2]);

process.on('message', (blob: RecompressRequest) => {
  const entry = { ...blob };
  store.recompress(entry).then(
    // recompress wrote the new size into the entry
    () => process.send!(entry),
    // collected meanwhile, or unreadable: the blob keeps its fast variant
    () => process.send!(blob),
  );
});
process.on('disconnect', () => process.exit(0));
