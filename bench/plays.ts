/**
 * node bench/plays.ts — box scores derived from plays, in plays per second: `--games N` (default
 * 5,000) random games of the play model (`src/lib/plays/random-game.ts`, seeded, so every run has
 * the same games), written as Retrosheet event files, then each file read and its box score
 * derived, timed. `--out DIR` keeps the files (`2026HOM.EVA` and `TEAM2026`) for a reference tool
 * such as Chadwick's `cwdaily -y 2026 2026HOM.EVA` to be timed on the same plays.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { deriveBox } from '../src/lib/plays/derive-box.ts';
import { gameToEventFile, readEventFile } from '../src/lib/plays/event-file.ts';
import type { GameRules } from '../src/lib/plays/game-state.ts';
import { nineASide, randomGame } from '../src/lib/plays/random-game.ts';

const { values: args } = parseArgs({
  options: { games: { type: 'string', default: '5000' }, out: { type: 'string' } },
});
const GAMES = Math.max(1, Number(args.games) || 5000);
// Retrosheet's player ids are eight characters
const lineup = nineASide().map((e) => ({ ...e, player: e.player.padEnd(8, '0') }));
const rules: GameRules = {
  innings: 7,
  runAhead: [{ afterInning: 5, runs: 7 }],
  tiebreakFrom: null,
};

let seed = 20260405;
const pick = () => {
  seed = (seed * 48271) % 2147483647;
  return seed / 2147483647;
};

const files: string[] = [];
let plays = 0;
for (let g = 0; g < GAMES; g++) {
  const events = randomGame(lineup, rules, pick).map((e) =>
    e.type === 'sub' ? { ...e, entry: { ...e.entry, player: e.entry.player.padEnd(8, '0') } } : e,
  );
  plays += events.filter((e) => e.type === 'play').length;
  const box = deriveBox(lineup, events, rules);
  const id = `HOM2026${String(g).padStart(5, '0')}`;
  const info: [string, string][] = [
    ['visteam', 'AWY'],
    ['hometeam', 'HOM'],
    ['date', '2026/05/01'],
    ['number', '0'],
  ];
  files.push(gameToEventFile({ id, info, lineup, events }, box, {}));
}
if (args.out) {
  mkdirSync(args.out, { recursive: true });
  writeFileSync(join(args.out, '2026HOM.EVA'), files.join(''));
  writeFileSync(join(args.out, 'TEAM2026'), 'AWY,A,Away,Team\nHOM,A,Home,Team\n');
}

const started = performance.now();
let runs = 0;
for (const text of files) {
  const file = readEventFile(text);
  runs += deriveBox(file.lineup, file.events, rules).runs.reduce((a, b) => a + b, 0);
}
const seconds = (performance.now() - started) / 1000;
process.stdout.write(
  `${GAMES} games, ${plays} plays (${runs} runs): event files read and box scores derived in ${seconds.toFixed(2)} s, ${Math.round(plays / seconds).toLocaleString('en')} plays/s\n`,
);
