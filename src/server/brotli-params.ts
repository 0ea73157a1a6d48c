import { constants } from 'node:zlib';

/**
 * Brotli's settings for a body of `size` bytes at `quality`, for every brotli the server and its
 * helpers make: a window just large enough for the whole body (at least brotli's 64 KB, at most
 * its default 4 MB). A larger window finds nothing more in a smaller body, yet the encoder sizes
 * its buffers and tables by it (at the best level the match finder takes 8 bytes per window
 * position: 32 MB for the default window), and glibc keeps what was touched (decision 154).
 */
export function brotliParams(size: number, quality: number) {
  return {
    [constants.BROTLI_PARAM_QUALITY]: quality,
    [constants.BROTLI_PARAM_SIZE_HINT]: size,
    [constants.BROTLI_PARAM_LGWIN]: Math.min(22, Math.max(16, Math.ceil(Math.log2(size + 16)))),
  };
}
