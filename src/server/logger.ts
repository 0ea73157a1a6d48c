import pino from 'pino';

type Level = 'debug' | 'info' | 'warn' | 'error';
type Fields = Record<string, unknown>;
const levels = ['debug', 'info', 'warn', 'error', 'silent'];
// config.ts rejects a bad LOG_LEVEL with a message; until it has run, such a value means info
const initial = levels.includes(process.env.LOG_LEVEL ?? '') ? process.env.LOG_LEVEL : 'info';

// The time of one millisecond is formatted once, however many lines share it.
let lastMs = -1;
let lastTime = '';
const isoTime = () => {
  const now = Date.now();
  if (now !== lastMs) {
    lastMs = now;
    lastTime = `,"time":"${new Date(now).toISOString()}"`;
  }
  return lastTime;
};

/**
 * Stdout's lines of one turn of the event loop, written as one chunk at its end (and at exit).
 * Under load every finished request logs a line; stdout on a file or a terminal is written
 * synchronously, one system call per write, which cost more than the line itself.
 */
function linesPerTurn(stream: NodeJS.WritableStream): { write(line: string): boolean } {
  let pending: string[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const text = pending.join('');
    pending = [];
    stream.write(text);
  };
  process.on('exit', flush);
  return {
    write(line) {
      if (pending.push(line) === 1) setImmediate(flush);
      return true;
    },
  };
}

const stdoutLines = linesPerTurn(process.stdout);

/**
 * The process's pino logger: one JSON line per entry (`level` as a word, `time` in ISO 8601),
 * debug and info on stdout, warn and error on stderr at once. It writes through
 * process.stdout/stderr rather than its own file descriptors, so a caller that captures those
 * streams (a test) still sees every line.
 */
export const log = pino(
  {
    level: initial,
    base: undefined,
    timestamp: isoTime,
    formatters: { level: (label) => ({ level: label }) },
  },
  pino.multistream(
    [
      { level: 'debug', stream: stdoutLines },
      { level: 'warn', stream: process.stderr },
    ],
    { dedupe: true },
  ),
);

const entry = (level: Level) => (msg: string, fields?: Fields) => log[level](fields ?? {}, msg);

/** The message-first calls the code base uses, written through pino. */
export const logger = {
  debug: entry('debug'),
  info: entry('info'),
  warn: entry('warn'),
  error: entry('error'),
  setLevel(level: Level | 'silent') {
    log.level = level;
  },
};

/** What the access log's line tells of one answered request. */
export interface RequestLine {
  method: string;
  /** the path without its query (a query may carry a token) */
  path: string;
  status: number;
  durationMs: number;
  bytes: number;
  requestId: string;
}

/**
 * The access log's line: the JSON `log.info(fields, 'request')` writes, made here because every
 * request writes one. pino walks and escapes any object it is given; these fields are known, and
 * only the path and the id can hold characters to escape.
 */
export function logRequest(r: RequestLine): void {
  if (!log.isLevelEnabled('info')) return;
  stdoutLines.write(
    `{"level":"info"${isoTime()},"reqId":${JSON.stringify(r.requestId)},"method":${JSON.stringify(r.method)},"path":${JSON.stringify(r.path)},"status":${r.status},"ms":${r.durationMs},"bytes":${r.bytes},"msg":"request"}\n`,
  );
}
