/**
 * `npm test`: every suite of the project. Suites that share no server run side by side in two
 * lanes, each lane one suite after another; Lighthouse runs alone at the end, since its
 * performance figure is a timing and the others would load the machine. A suite's output is
 * printed whole when it ends (so the two lanes' lines do not mix), then a table of the times.
 * When a suite fails, the other lane ends the suite it runs and starts none after it.
 *
 * Usage: npm test [-- <script> …]   (the npm scripts to run, in the lanes' order; default all)
 */
import { spawn } from 'node:child_process';

/** Each lane's suites, in order. The slowest, browser-driven suites are split between the lanes. */
const lanes: string[][] = [
  ['typecheck', 'test:unit', 'test:e2e', 'test:publish', 'test:publish:pg', 'test:origin'],
  ['lint', 'test:admin', 'test:ops', 'test:security', 'test:api:pg'],
];
const alone = ['test:lighthouse'];

const chosen = process.argv.slice(2);
const wanted = (script: string) => chosen.length === 0 || chosen.includes(script);
const known = [...lanes.flat(), ...alone];
const unknown = chosen.filter((s) => !known.includes(s));
if (unknown.length) {
  process.stderr.write(`unknown suites: ${unknown.join(', ')} (known: ${known.join(', ')})\n`);
  process.exit(2);
}

interface Outcome {
  script: string;
  ok: boolean;
  seconds: number;
}
const outcomes: Outcome[] = [];
let failed = false;
const started = performance.now();
const clock = () => `${Math.round((performance.now() - started) / 1000)} s`;

function runSuite(script: string): Promise<boolean> {
  return new Promise((resolve) => {
    const begun = performance.now();
    process.stdout.write(`[${clock()}] ${script} started\n`);
    const child = spawn('npm', ['run', '--silent', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
    });
    const output: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => output.push(d));
    child.stderr.on('data', (d: Buffer) => output.push(d));
    child.on('close', (code, signal) => {
      const ok = code === 0;
      const seconds = (performance.now() - begun) / 1000;
      outcomes.push({ script, ok, seconds });
      const how = ok ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`;
      process.stdout.write(
        `\n━━ ${script} ${how} in ${seconds.toFixed(0)} s ━━\n${Buffer.concat(output)}\n` +
          `[${clock()}] ${script} ${how}\n`,
      );
      resolve(ok);
    });
  });
}

async function runLane(scripts: string[]): Promise<void> {
  for (const script of scripts.filter(wanted)) {
    if (failed) return;
    if (!(await runSuite(script))) failed = true;
  }
}

await Promise.all(lanes.map(runLane));
await runLane(alone);

const width = Math.max(...outcomes.map((o) => o.script.length));
process.stdout.write('\n');
for (const o of outcomes)
  process.stdout.write(
    `${o.script.padEnd(width)}  ${o.ok ? 'passed' : 'FAILED'}  ${o.seconds.toFixed(0).padStart(5)} s\n`,
  );
process.stdout.write(`${'all'.padEnd(width)}  ${failed ? 'FAILED' : 'passed'}  ${clock()}\n`);
process.exit(failed ? 1 : 0);
