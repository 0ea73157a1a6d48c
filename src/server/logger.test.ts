import { afterEach, describe, expect, it } from 'vitest';
import { log, logRequest } from './logger.ts';

const stdoutWrite = process.stdout.write;

/** The lines the logger writes to stdout while `run` runs (it writes them at the end of a turn). */
async function stdoutLines(run: () => void): Promise<string[]> {
  const written: string[] = [];
  process.stdout.write = ((chunk: unknown) => {
    written.push(String(chunk));
    return true;
  }) as typeof process.stdout.write;
  log.level = 'info';
  run();
  await new Promise((resolve) => setImmediate(resolve));
  return written.join('').split('\n').filter(Boolean);
}

afterEach(() => {
  process.stdout.write = stdoutWrite;
  log.level = 'silent';
});

describe('logRequest', () => {
  it('writes the line pino writes for the same fields', async () => {
    for (const path of ['/sbsa/result/', '/a"b\\c', '/리그/\u0001\n', '/%EB%A6%AC%EA%B7%B8']) {
      const [ours, pinos] = await stdoutLines(() => {
        logRequest({
          requestId: 'id-1',
          method: 'GET',
          path,
          status: 404,
          durationMs: 0.3,
          bytes: 1_234,
        });
        // the line's own names for the id and the duration
        log.info(
          { reqId: 'id-1', method: 'GET', path, status: 404, ms: 0.3, bytes: 1_234 },
          'request',
        );
      });
      const withoutTime = (line: string) => line.replace(/"time":"[^"]+"/, '"time":""');
      expect(withoutTime(ours), path).toBe(withoutTime(pinos));
      expect(JSON.parse(ours)).toMatchObject({ level: 'info', path, msg: 'request' });
    }
  });

  it('writes nothing when info is below the level', async () => {
    const lines = await stdoutLines(() => {
      log.level = 'warn';
      logRequest({
        requestId: 'id-2',
        method: 'GET',
        path: '/',
        status: 200,
        durationMs: 1,
        bytes: 0,
      });
    });
    expect(lines).toEqual([]);
  });
});
