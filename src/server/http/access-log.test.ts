import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessLogged } from './access-log.ts';
import type { FinishedRequest } from './access-log.ts';

// every way node lets an answer give its headers
const answers: Record<string, (res: ServerResponse) => void> = {
  '/object': (res) => res.writeHead(200, { 'X-Kind': 'object' }).end('a'),
  '/message': (res) => res.writeHead(202, 'Taken', { 'X-Kind': 'message' }).end('b'),
  '/array': (res) => res.writeHead(201, ['X-Kind', 'array']).end('c'),
  '/bare': (res) => res.writeHead(204).end(),
  // answers only after the client is gone
  '/never': () => undefined,
  '/implicit': (res) => {
    res.statusCode = 404;
    res.setHeader('X-Kind', 'implicit');
    res.end('d');
  },
};

let origin = '';
const finished: FinishedRequest[] = [];
const server = createServer(
  accessLogged((r) => finished.push(r)),
  (req: IncomingMessage, res: ServerResponse) => answers[req.url ?? '']?.(res),
);

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('accessLogged', () => {
  it('adds the request id to the headers of every kind of answer and keeps their own', async () => {
    for (const [path, kind, status] of [
      ['/object', 'object', 200],
      ['/message', 'message', 202],
      ['/array', 'array', 201],
      ['/bare', null, 204],
      ['/implicit', 'implicit', 404],
    ] as const) {
      const res = await fetch(origin + path, {
        headers: { 'X-Request-Id': `id-${path.slice(1)}` },
      });
      await res.arrayBuffer();
      expect(res.status, path).toBe(status);
      expect(res.headers.get('x-request-id'), path).toBe(`id-${path.slice(1)}`);
      expect(res.headers.get('x-kind'), path).toBe(kind);
    }
    const message = await fetch(`${origin}/message`);
    expect(message.statusText).toBe('Taken');
    expect(message.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs status and body bytes as sent', async () => {
    finished.length = 0;
    await (await fetch(`${origin}/implicit`)).arrayBuffer();
    await new Promise((r) => setTimeout(r, 20));
    expect(finished).toMatchObject([{ method: 'GET', path: '/implicit', status: 404, bytes: 1 }]);
  });

  it('logs a client gone before the answer as 499', async () => {
    finished.length = 0;
    const { request } = await import('node:http');
    const req = request(`${origin}/never`);
    req.on('error', () => undefined);
    req.end();
    await new Promise((r) => setTimeout(r, 50));
    req.destroy();
    await expect.poll(() => finished).toMatchObject([{ path: '/never', status: 499, bytes: 0 }]);
  });
});
