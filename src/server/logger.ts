type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level | 'silent', number> = {
  debug: 10,
  info: 20,
  warn: 30,
  error: 40,
  silent: 99,
};
let threshold = order[(process.env.LOG_LEVEL as Level) ?? 'info'] ?? order.info;

/** Structured one-line JSON logs on stdout/stderr. */
function log(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  if (order[level] < threshold) return;
  const line = JSON.stringify({ t: new Date().toISOString(), level, msg, ...fields });
  (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);
}

export const logger = {
  debug: (m: string, f?: Record<string, unknown>) => log('debug', m, f),
  info: (m: string, f?: Record<string, unknown>) => log('info', m, f),
  warn: (m: string, f?: Record<string, unknown>) => log('warn', m, f),
  error: (m: string, f?: Record<string, unknown>) => log('error', m, f),
  setLevel(level: Level | 'silent') {
    threshold = order[level];
  },
};
