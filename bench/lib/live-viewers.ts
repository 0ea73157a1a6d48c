import { Agent, request } from 'node:http';
import { sleep } from './proc.ts';

/**
 * 1,000 live viewers of one game (decision 149): each asks the game's live read once a second, as
 * an open box score does (with the ETag it was given, so an unchanged answer is a 304), their
 * first asks spread over the first second. Meanwhile a scorer sends a line score now and then, and
 * a few other callers ask for other API answers. The figures: for each line score sent, the time
 * from the PUT until each viewer had it (p50, p99 over every viewer and PUT) and until the last
 * viewer had it (median over the PUTs), and the p99 of the other calls meanwhile.
 */

export interface LiveViewersResult {
  viewers: number;
  puts: number;
  /** time from a PUT's start until a viewer's answer had it, every viewer of every PUT */
  seenP50: number;
  seenP99: number;
  /** until the last viewer had it, median of the PUTs */
  lastMedian: number;
  /** viewers' asks per second meanwhile, and the share answered 304 */
  asksPerSecond: number;
  notModified: number;
  otherCalls: number;
  otherP50: number;
  otherP99: number;
  errors: number;
}

const pct = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? 0;
};

interface Answer {
  status: number;
  etag?: string;
  body: string;
}

function ask(agent: Agent, url: URL, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, etag: res.headers.etag, body }));
      res.on('error', reject);
    });
    req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}

export async function measureLiveViewers(options: {
  origin: string;
  token: string;
  gameId: number;
  /** other API paths asked meanwhile, in turns */
  otherPaths: string[];
  viewers?: number;
  puts?: number;
}): Promise<LiveViewersResult> {
  const { origin, token, gameId } = options;
  const VIEWERS = options.viewers ?? 1000;
  const PUTS = options.puts ?? 10;
  const liveUrl = new URL(`/api/league/game/${gameId}/live`, origin);
  const agent = new Agent({ keepAlive: true, maxSockets: VIEWERS + 8 });
  const put = async (seq: number) => {
    const runs = [seq % 90]; // a new score each time, within a half's bound
    const res = await fetch(liveUrl, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ away: runs, home: [], inning: 1, half: 'top', outs: 0, seq }),
    });
    if (!res.ok) throw new Error(`PUT live: HTTP ${res.status} ${await res.text()}`);
  };
  const start = Date.now();
  let seq = start; // above any sequence number the game has had
  await put(seq);

  // every viewer: the last sequence number it saw and when
  const seen = Array.from({ length: VIEWERS }, () => ({ seq: 0, at: 0, etag: '' }));
  let asks = 0;
  let notModified = 0;
  let errors = 0;
  let running = true;
  const viewer = async (i: number) => {
    await sleep((i / VIEWERS) * 1000);
    while (running) {
      const began = Date.now();
      try {
        const v = seen[i];
        const answer = await ask(agent, liveUrl, v.etag ? { 'if-none-match': v.etag } : {});
        asks++;
        if (answer.status === 304) notModified++;
        else if (answer.status === 200) {
          const data = JSON.parse(answer.body).data as { live: { seq: number } | null };
          if (data.live && data.live.seq > v.seq)
            Object.assign(v, { seq: data.live.seq, at: Date.now() });
          v.etag = answer.etag ?? '';
        } else errors++;
      } catch {
        errors++;
      }
      await sleep(Math.max(0, 1000 - (Date.now() - began)));
    }
  };
  const others: number[] = [];
  const other = async (k: number) => {
    let n = k;
    while (running) {
      const path = options.otherPaths[n++ % options.otherPaths.length];
      const began = performance.now();
      try {
        const answer = await ask(agent, new URL(path, origin));
        if (answer.status !== 200) errors++;
        others.push(performance.now() - began);
      } catch {
        errors++;
      }
      await sleep(50);
    }
  };
  const loops = [
    ...Array.from({ length: VIEWERS }, (_, i) => viewer(i)),
    ...Array.from({ length: 4 }, (_, k) => other(k)),
  ];
  await sleep(3000); // every viewer has asked a few times
  const seenMs: number[] = [];
  const lastMs: number[] = [];
  const asksBefore = asks;
  const measuredFrom = Date.now();
  for (let p = 0; p < PUTS; p++) {
    seq += 1;
    const sentAt = Date.now();
    await put(seq);
    const deadline = sentAt + 15_000;
    while (seen.some((v) => v.seq < seq) && Date.now() < deadline) await sleep(20);
    const times = seen.map((v) => (v.seq >= seq ? v.at - sentAt : 15_000));
    seenMs.push(...times);
    lastMs.push(Math.max(...times));
    await sleep(700 + Math.random() * 600); // the next tap comes a little later
  }
  const measuredSeconds = (Date.now() - measuredFrom) / 1000;
  running = false;
  await Promise.all(loops);
  agent.destroy();
  return {
    viewers: VIEWERS,
    puts: PUTS,
    seenP50: pct(seenMs, 0.5),
    seenP99: pct(seenMs, 0.99),
    lastMedian: pct(lastMs, 0.5),
    asksPerSecond: (asks - asksBefore) / measuredSeconds,
    notModified: asks > 0 ? notModified / asks : 0,
    otherCalls: others.length,
    otherP50: pct(others, 0.5),
    otherP99: pct(others, 0.99),
    errors,
  };
}

/** The figures as one line of the bench's table. */
export function liveViewersText(r: LiveViewersResult): string {
  const ms = (n: number) => `${Math.round(n)} ms`;
  return (
    `${r.viewers} viewers polling 1/s (${Math.round(r.asksPerSecond)} asks/s, ${Math.round(r.notModified * 100)} % 304): ` +
    `PUT → viewer p50 ${ms(r.seenP50)}, p99 ${ms(r.seenP99)}; last viewer (median of ${r.puts} PUTs) ${ms(r.lastMedian)}; ` +
    `other API calls meanwhile p50 ${ms(r.otherP50)}, p99 ${ms(r.otherP99)} (${r.otherCalls} calls); ${r.errors} errors`
  );
}
