/**
 * Keeps an open box score of a game being played up to date (decision 149): asks the game's live
 * read once a second (a tiny answer any cache may keep for a second; with its ETag the browser
 * revalidates for a 304) and writes the score, the status, the inning and the line score into the
 * page the server rendered. A page without JavaScript shows the same, as rendered at the last tap.
 */

interface LiveAnswer {
  status: string;
  statusLabel: string;
  live: {
    away: number[];
    home: number[];
    awayRuns: number;
    homeRuns: number;
    awayHits?: number | null;
    homeHits?: number | null;
    awayErrors?: number | null;
    homeErrors?: number | null;
    situation: string;
    state: 'playing' | 'ended';
  } | null;
  awayScore: number | null;
  homeScore: number | null;
}

const POLL_MS = 1000;

const text = (root: ParentNode, name: string, value: string) => {
  for (const el of root.querySelectorAll<HTMLElement>(`[data-live="${name}"]`))
    if (el.textContent !== value) el.textContent = value;
};

const cell = (tag: 'td' | 'th', value: string, scope?: string) => {
  const el = document.createElement(tag);
  el.textContent = value;
  if (scope) el.setAttribute('scope', scope);
  return el;
};

/** Rewrites the line score's innings and totals, keeping the table and its caption as rendered. */
function writeLine(table: HTMLTableElement, live: NonNullable<LiveAnswer['live']>) {
  const head = table.tHead?.rows[0];
  const body = table.tBodies[0];
  if (!head || !body || body.rows.length < 2) return;
  const count = live.away.length;
  const dash = (n: number | null | undefined) => (n == null ? '-' : String(n));
  // the team column, then one per inning, then R H E
  while (head.cells.length - 4 < count)
    head.insertBefore(cell('th', '', 'col'), head.cells[head.cells.length - 3]);
  while (head.cells.length - 4 > count) head.deleteCell(head.cells.length - 4);
  for (let i = 0; i < count; i++) head.cells[i + 1].textContent = String(i + 1);
  const sides = [
    { runs: live.away, total: live.awayRuns, hits: live.awayHits, errors: live.awayErrors },
    { runs: live.home, total: live.homeRuns, hits: live.homeHits, errors: live.homeErrors },
  ];
  sides.forEach((side, s) => {
    const row = body.rows[s];
    while (row.cells.length - 4 < count)
      row.insertBefore(cell('td', ''), row.cells[row.cells.length - 3]);
    while (row.cells.length - 4 > count) row.deleteCell(row.cells.length - 4);
    for (let i = 0; i < count; i++) row.cells[i + 1].textContent = dash(side.runs[i]);
    const n = row.cells.length;
    row.cells[n - 3].textContent = String(side.total);
    row.cells[n - 2].textContent = dash(side.hits);
    row.cells[n - 1].textContent = dash(side.errors);
  });
}

function write(root: ParentNode, answer: LiveAnswer) {
  const live = answer.live;
  const away = live && answer.status !== 'final' ? live.awayRuns : answer.awayScore;
  const home = live && answer.status !== 'final' ? live.homeRuns : answer.homeScore;
  text(root, 'score', away !== null && home !== null ? `${away} : ${home}` : answer.statusLabel);
  text(root, 'status', answer.statusLabel);
  for (const badge of root.querySelectorAll<HTMLElement>('[data-live="status"]'))
    badge.className = `status status--${answer.status}`;
  text(root, 'situation', live?.state === 'playing' ? live.situation : '');
  const table = root.querySelector<HTMLTableElement>('[data-live="line"] table');
  if (live && table) writeLine(table, live);
}

/**
 * Starts asking `url` and writing into the `data-live` parts of `root`; stops once the game is no
 * longer being played (the page then says where it stands).
 */
export function followLiveGame(root: ParentNode, url: string): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const ask = async () => {
    timer = undefined;
    if (document.hidden) return; // asked again when the page is looked at
    let going = true;
    try {
      const res = await fetch(url, { cache: 'no-cache', headers: { accept: 'application/json' } });
      if (res.ok) {
        const answer = ((await res.json()) as { data: LiveAnswer }).data;
        write(root, answer);
        going = answer.status === 'live';
      }
    } catch {
      // a weak signal: the next ask may get through
    }
    if (going) timer = setTimeout(ask, POLL_MS);
  };
  document.addEventListener('visibilitychange', () => {
    if (!document.hidden && timer === undefined) void ask();
  });
  timer = setTimeout(ask, POLL_MS);
}
