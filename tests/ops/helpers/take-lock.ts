// node tests/ops/helpers/take-lock.ts <folder> <at ms> <rounds> <gap ms>: one lock taker of a race.
// In round i it tries, at the moment `at + i × gap`, to take the lock of `<folder>/<i>` and prints
// "<i> won" or "<i> lost". The locks it wins are held until 2 s after the last round, so a taker
// the busy machine started late still finds them taken.
import { join } from 'node:path';
import { acquireServerLock } from '../../../src/server/ops/server-lock.ts';
import type { DataLock } from '../../../src/server/ops/server-lock.ts';

const [folder, at, rounds, gap] = process.argv
  .slice(2)
  .map((a, i) => (i === 0 ? a : Number(a))) as [string, number, number, number];
// asleep rather than spinning until the moment: the kernel wakes every taker at once
const sleepUntil = (time: number) =>
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Math.max(0, time - Date.now()));
const held: DataLock[] = [];
for (let i = 0; i < rounds; i++) {
  sleepUntil(at + i * gap);
  try {
    held.push(acquireServerLock(join(folder, String(i)), 'import'));
    process.stdout.write(`${i} won\n`);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'SBSA_IN_USE') throw err;
    process.stdout.write(`${i} lost\n`);
  }
}
sleepUntil(at + rounds * gap + 2000);
for (const lock of held) lock.release();
