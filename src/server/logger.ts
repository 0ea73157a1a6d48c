import pino from 'pino';

type Level = 'debug' | 'info' | 'warn' | 'error';
type Fields = Record<string, unknown>;
const levels = ['debug', 'info', 'warn', 'error', 'silent'];
// config.ts rejects a bad LOG_LEVEL with a message; until it has run, such a value means info
const initial = levels.includes(process.env.LOG_LEVEL ?? '') ? process.env.LOG_LEVEL : 'info';

/**
 * The process's pino logger: one JSON line per entry (`level` as a word, `time` in ISO 8601),
 * debug and info on stdout, warn and error on stderr. It writes through process.stdout/stderr
 * rather than its own file descriptors, so a caller that captures those streams (the benchmark)
 * still sees every line.
 */
export const log = pino(
  {
    level: initial,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  },
  pino.multistream(
    [
      { level: 'debug', stream: process.stdout },
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
