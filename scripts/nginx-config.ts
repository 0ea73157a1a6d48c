// npm run --silent nginx-config -- --data-dir DIR --app HOST:PORT --listen HOST:PORT
// prints a whole nginx.conf that serves the live build of DIR and sends the rest to the server
// (docs/deploy.md §9).
import { parseArgs } from 'node:util';
import { DEBIAN_BROTLI_MODULE, nginxConfig } from '../src/server/publish/nginx-config.ts';

const usage = `usage: npm run --silent nginx-config -- --data-dir DIR --app HOST:PORT --listen HOST:PORT
  [--user NAME] [--workers N|auto] [--brotli-module PATH|none] > nginx.conf
then: nginx -p PREFIX -c nginx.conf (pid, logs and temporary files in PREFIX)
`;
const address = /^(?:\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+):\d{1,5}$|^\d{1,5}$/;

function readArgs() {
  try {
    return parseArgs({
      options: {
        'data-dir': { type: 'string', default: process.env.DATA_DIR },
        app: { type: 'string' },
        listen: { type: 'string' },
        user: { type: 'string' },
        workers: { type: 'string', default: 'auto' },
        'brotli-module': { type: 'string', default: DEBIAN_BROTLI_MODULE },
        help: { type: 'boolean', default: false },
      },
    }).values;
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n${usage}`);
    process.exit(2);
  }
}
const args = readArgs();
const problems = [
  !args['data-dir'] && '--data-dir (or DATA_DIR) is missing',
  !args.app?.match(address) && '--app HOST:PORT of the Node server is missing',
  !args.listen?.match(address) && '--listen HOST:PORT (or PORT) of nginx is missing',
  !/^(auto|[1-9]\d?)$/.test(args.workers) && '--workers takes a number or auto',
].filter(Boolean);
if (args.help || problems.length > 0) {
  process.stderr.write(`${problems.join('\n')}${problems.length ? '\n' : ''}${usage}`);
  process.exit(args.help ? 0 : 2);
}
process.stdout.write(
  nginxConfig({
    dataDir: args['data-dir']!,
    app: args.app!,
    listen: args.listen!,
    user: args.user,
    workers: args.workers === 'auto' ? 'auto' : Number(args.workers),
    brotliModule: args['brotli-module'] === 'none' ? null : args['brotli-module'],
  }),
);
