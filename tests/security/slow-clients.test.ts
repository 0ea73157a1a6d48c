import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Target } from './helpers/target.ts';
import { adminLogin, login, startTarget } from './helpers/target.ts';

let target: Target;
let token: string;

beforeAll(async () => {
  target = await startTarget();
  token = await login(target.url, adminLogin);
});
afterAll(() => target?.stop());

/**
 * A client that opens a socket, writes `head` at once and then one more byte of `trickle` every
 * second, as slowly as an attacker holding sockets would. Resolves when the server closes the
 * connection (with what it answered and when), or after `giveUpMs` with `cut: false`.
 */
function trickle(head: string, drip: string, giveUpMs: number) {
  const { hostname, port } = new URL(target.url);
  return new Promise<{ cut: boolean; ms: number; answer: string }>((resolve) => {
    const started = performance.now();
    const socket = connect(Number(port), hostname);
    let answer = '';
    let i = 0;
    const timer = setInterval(() => {
      if (!socket.destroyed) socket.write(drip[i++ % drip.length]);
    }, 1000);
    const done = (cut: boolean) => {
      clearInterval(timer);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ cut, ms: performance.now() - started, answer });
    };
    const giveUp = setTimeout(() => done(false), giveUpMs);
    socket.on('data', (d) => {
      answer += d.toString('utf8');
    });
    socket.on('error', () => {});
    socket.on('close', () => done(true));
    socket.on('connect', () => socket.write(head));
  });
}

describe('slow clients cannot hold the server', () => {
  it('headers within 10 s, a body within 30 s; an upload has longer, and others are served meanwhile', async () => {
    const { port } = new URL(target.url);
    const host = `Host: 127.0.0.1:${port}\r\n`;
    const [headers, body, upload, others] = await Promise.all([
      // a header line that never ends
      trickle(`GET /api/health HTTP/1.1\r\n${host}X-Slow: `, 'a', 20_000),
      // a sign-in whose 200-byte body comes a byte a second
      trickle(
        `POST /api/auth/login HTTP/1.1\r\n${host}Content-Type: application/json\r\nContent-Length: 200\r\n\r\n{"email":"`,
        'a',
        40_000,
      ),
      // a schedule file upload as slow: still being received after 30 s
      trickle(
        `POST /api/league/league/1/schedule/upload_file HTTP/1.1\r\n${host}Authorization: Bearer ${token}\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 100000\r\n\r\n--x\r\n`,
        'a',
        33_000,
      ),
      (async () => {
        await new Promise((r) => setTimeout(r, 15_000));
        return (await fetch(`${target.url}/api/health`)).status;
      })(),
    ]);
    expect(headers.cut).toBe(true);
    expect(headers.ms).toBeGreaterThan(9_500);
    expect(headers.ms).toBeLessThan(13_000);
    expect(headers.answer).toMatch(/^HTTP\/1\.1 408/);

    expect(body.cut).toBe(true);
    expect(body.ms).toBeGreaterThan(29_500);
    expect(body.ms).toBeLessThan(34_000);
    expect(body.answer).toMatch(/^HTTP\/1\.1 408/);
    expect(body.answer).toContain('요청을 받는 데 너무 오래 걸렸습니다.');

    expect(upload.cut).toBe(false);
    expect(others).toBe(200);
  }, 60_000);
});
