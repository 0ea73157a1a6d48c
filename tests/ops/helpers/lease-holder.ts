/**
 * node tests/ops/helpers/lease-holder.ts <database file> <name> — a node that only takes part in
 * the publisher lease (publish/lease.ts) with its default timings, on a connection of its own to
 * the shared database; prints one JSON line per gain or loss, with the time. SIGTERM gives the
 * lease up and ends; SIGKILL leaves it to expire.
 */
import { openDatabase } from '../../../src/server/db/database.ts';
import { Lease } from '../../../src/server/publish/lease.ts';

const [file, name] = process.argv.slice(2);
const opened = openDatabase(file);
const lease = new Lease({
  db: opened.db,
  holder: name,
  onChange: (held) => process.stdout.write(`${JSON.stringify({ name, held, at: Date.now() })}\n`),
});
// the lease's timers do not keep a process alive (a server's listening socket does): this does
const alive = setInterval(() => undefined, 60_000);
await lease.start();
process.stdout.write(`${JSON.stringify({ name, started: true, at: Date.now() })}\n`);
process.on('SIGTERM', async () => {
  clearInterval(alive);
  await lease.stop();
  await opened.close();
  process.exit(0);
});
