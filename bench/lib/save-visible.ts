import type { DatabaseSync } from 'node:sqlite';
import { gameRecord } from './game-record.ts';
import type { TargetGame } from './game-record.ts';
import { sleep } from './proc.ts';

/** How often the pages are asked for: a page is seen live up to this much after it went live. */
const POLL_MS = 50;
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export async function text(url: string): Promise<{ status: number; body: string }> {
  const res = await fetch(url, { headers: { 'cache-control': 'no-cache' } });
  return { status: res.status, body: await res.text() };
}

/** The standings row of a team: the <tr> that links to the team's schedule in that league. */
function standingsRow(html: string, leagueId: number, teamId: number): string | null {
  const href = `href="/sbsa/schedule/league/${leagueId}/${teamId}"`;
  const at = html.indexOf(href);
  if (at < 0) return null;
  const start = html.lastIndexOf('<tr', at);
  const end = html.indexOf('</tr>', at);
  return start < 0 || end < 0 ? null : html.slice(start, end);
}

export interface VisibleResult {
  saveMs: number;
  pages: [number, number, number];
  error?: string;
}

/** Saves one record and polls the three pages until each shows it; times are from the API's answer. */
export async function saveToVisible(
  origin: string,
  token: string,
  sqlite: DatabaseSync,
  game: TargetGame,
  timeoutMs: number,
): Promise<VisibleResult> {
  const { body, awayScore, homeScore, homeLeadOff } = gameRecord(sqlite, game, 'bench');
  const boxUrl = `${origin}/sbsa/result/game/${game.leagueId}/${game.gameId}`;
  const standingsUrl = `${origin}/sbsa/result/league`;
  const playerUrl = `${origin}/sbsa/stats/team/${game.homeTeamId}/player/${homeLeadOff}`;
  // the score as the box score prints it (its <strong> carries attributes)
  const scoreMark = new RegExp(`<strong[^>]*>\\s*${awayScore}\\s*:\\s*${homeScore}\\s*</strong>`);
  const gameLink = `href="/sbsa/result/game/${game.leagueId}/${game.gameId}"`;
  const [box0, standings0, player0] = await Promise.all([
    text(boxUrl),
    text(standingsUrl),
    text(playerUrl),
  ]);
  if (box0.status !== 200 || standings0.status !== 200 || player0.status !== 200) {
    return {
      saveMs: 0,
      pages: [0, 0, 0],
      error: `a page to watch is missing before the save (box ${box0.status}, standings ${standings0.status}, player ${player0.status})`,
    };
  }
  const row0 = standingsRow(standings0.body, game.leagueId, game.homeTeamId);
  if (row0 === null)
    return {
      saveMs: 0,
      pages: [0, 0, 0],
      error: 'the standings page has no row for the home team',
    };
  if (scoreMark.test(box0.body) || player0.body.includes(gameLink))
    return { saveMs: 0, pages: [0, 0, 0], error: 'the pages already show the game' };

  const t0 = performance.now();
  const res = await fetch(`${origin}/api/league/game/${game.gameId}/record`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const answer = await res.text();
  const saved = performance.now();
  if (!res.ok)
    return {
      saveMs: saved - t0,
      pages: [0, 0, 0],
      error: `PUT record answered ${res.status}: ${answer.slice(0, 300)}`,
    };

  const seen: (number | null)[] = [null, null, null];
  const checks: [string, (html: string) => boolean][] = [
    [boxUrl, (html) => scoreMark.test(html)],
    [
      standingsUrl,
      (html) => {
        const row = standingsRow(html, game.leagueId, game.homeTeamId);
        return row !== null && row !== row0;
      },
    ],
    [playerUrl, (html) => html.includes(gameLink)],
  ];
  while (seen.some((s) => s === null)) {
    if (performance.now() - saved > timeoutMs) {
      return {
        saveMs: saved - t0,
        pages: [0, 0, 0],
        error: `not visible after ${secs(timeoutMs)} (box ${seen[0] !== null}, standings ${seen[1] !== null}, player ${seen[2] !== null})`,
      };
    }
    await Promise.all(
      checks.map(async ([url, shows], i) => {
        if (seen[i] !== null) return;
        const page = await text(url).catch(() => ({ status: 0, body: '' }));
        if (page.status === 200 && shows(page.body)) seen[i] = performance.now() - saved;
      }),
    );
    if (seen.some((s) => s === null)) await sleep(POLL_MS);
  }
  return { saveMs: saved - t0, pages: seen as [number, number, number] };
}
