import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { LINGER_BYTES, LINGER_MS, withLingeringClose } from './lingering-close.ts';

let server: Server | undefined;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

/** A server that answers 413 at once, reading none of the body, and closes the connection. */
async function earlyAnswerServer(): Promise<number> {
  server = createServer(
    withLingeringClose((_req, res) => {
      res.writeHead(413, { connection: 'close', 'content-type': 'text/plain' });
      res.end('too large');
    }),
  );
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return (server.address() as { port: number }).port;
}

interface Outcome {
  answer: string;
  error?: string;
  endedByServer: boolean;
  closedAfterMs: number;
}

/** Sends a chunked upload's head, waits for the answer, then keeps sending `after` bytes. */
function uploadAfterAnswer(port: number, after: number, pauseMs = 0): Promise<Outcome> {
  return new Promise((resolve) => {
    // half-open, as a client still uploading is: the server's end does not end its sending
    const socket: Socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    let answer = '';
    let error: string | undefined;
    let endedByServer = false;
    let answeredAt = 0;
    socket.on('data', async (d) => {
      const first = answer === '';
      answer += d.toString();
      if (!first) return;
      answeredAt = performance.now();
      const piece = Buffer.alloc(64 * 1024, 'x');
      for (let sent = 0; sent < after && !socket.destroyed; sent += piece.length) {
        socket.write(`${piece.length.toString(16)}\r\n${piece.toString()}\r\n`);
        if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
      }
      if (!socket.destroyed) socket.end('0\r\n\r\n');
    });
    socket.on('end', () => (endedByServer = true));
    socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code));
    socket.on('close', () =>
      resolve({ answer, error, endedByServer, closedAfterMs: performance.now() - answeredAt }),
    );
    socket.write(
      'POST /upload HTTP/1.1\r\nHost: x\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n',
    );
  });
}

describe('withLingeringClose', () => {
  it('keeps reading what a client still sends after an early answer, so the client sees no reset', async () => {
    const port = await earlyAnswerServer();
    const outcome = await uploadAfterAnswer(port, 1024 * 1024);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 413/);
    expect(outcome.answer).toContain('too large');
    expect(outcome.error).toBeUndefined();
    expect(outcome.endedByServer).toBe(true);
  });

  it(`closes a client that keeps sending once it has dropped ${LINGER_BYTES / 1024 / 1024} MB`, async () => {
    const port = await earlyAnswerServer();
    const outcome = await uploadAfterAnswer(port, 4 * LINGER_BYTES);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 413/);
    expect(outcome.closedAfterMs).toBeLessThan(LINGER_MS);
  });

  it(`closes a client that sends slowly after ${LINGER_MS / 1000} s`, async () => {
    const port = await earlyAnswerServer();
    // 64 KB every 50 ms: 1.3 MB/s, too slow to reach the byte bound in time
    const outcome = await uploadAfterAnswer(port, LINGER_BYTES, 50);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 413/);
    expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(LINGER_MS - 50);
    expect(outcome.closedAfterMs).toBeLessThan(LINGER_MS + 1_000);
  });

  it('closes at once after a request whose body was read whole', async () => {
    server = createServer(
      withLingeringClose((req, res) => {
        req.resume();
        req.on('end', () => res.writeHead(200, { connection: 'close' }).end('ok'));
      }),
    );
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const { port } = server.address() as { port: number };
    const closed = await new Promise<{ answer: string; ended: boolean }>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      let answer = '';
      let ended = false;
      socket.on('data', (d) => (answer += d.toString()));
      // the client keeps its side open: only the server's close ends this
      socket.on('end', () => {
        ended = true;
        socket.destroy();
      });
      socket.on('close', () => resolve({ answer, ended }));
      socket.write(
        'POST / HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 2\r\n\r\nhi',
      );
    });
    expect(closed.answer).toMatch(/^HTTP\/1\.1 200/);
    expect(closed.ended).toBe(true);
  });
});
