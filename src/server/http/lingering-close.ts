import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** How long a closing connection keeps reading what the client still sends after the answer. */
export const LINGER_MS = 2_000;
/** How much it reads (and drops) in that time before it closes anyway. */
export const LINGER_BYTES = 4 * 1024 * 1024;

type ClosingSocket = Socket & { destroySoon?: () => void };

// the request each patched connection is serving now (a kept-alive connection serves several)
const currentRequest = new WeakMap<Socket, IncomingMessage>();

/**
 * Lingering close, as nginx and Apache do it. When the server answers before it has read a
 * request's whole body (a 413 to an oversized upload, a 401 to an upload without a session) and
 * then closes the connection, the kernel answers the unread input with a reset, and the client
 * can lose the answer it has not read yet. So such a connection first ends its own side only,
 * then reads and drops what still arrives, and closes when the client stops sending, after
 * `LINGER_BYTES`, or after `LINGER_MS`, whichever comes first.
 */
export function withLingeringClose(listener: RequestListener): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket as ClosingSocket;
    const closeAtOnce = socket.destroySoon;
    if (!currentRequest.has(socket) && typeof closeAtOnce === 'function') {
      // node's http server calls destroySoon when an answer that closes the connection is sent
      socket.destroySoon = () => {
        const current = currentRequest.get(socket);
        if (!current || current.complete) return closeAtOnce.call(socket);
        linger(socket, current);
      };
    }
    currentRequest.set(socket, req);
    listener(req, res);
  };
}

function linger(socket: Socket, req: IncomingMessage): void {
  let dropped = 0;
  const close = () => socket.destroy();
  const timer = setTimeout(close, LINGER_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  socket.once('end', close);
  socket.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > LINGER_BYTES) close();
  });
  // the rest of the body goes nowhere, so node's parser keeps reading the socket
  req.on('error', () => {});
  req.resume();
  socket.resume();
  socket.end();
}
