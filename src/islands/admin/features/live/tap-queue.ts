import { ApiCallError } from '../../../../lib/api-client.ts';
import type { LiveLine } from '../../../../lib/live-line.ts';

/**
 * The scorer's taps on their way to the server (decision 149). Each tap becomes the whole line
 * score with the next sequence number of the game; they wait in localStorage, so a reload or a
 * dead battery at the field loses nothing, and go out one at a time in order. The server applies a
 * number once, so a tap resent after its answer was lost changes nothing; a tap the server refuses
 * (a finished game) is dropped with its message rather than blocking the ones behind it.
 */

export type Outgoing = { kind: 'line'; seq: number; line: LiveLine } | { kind: 'end'; seq: number };

/** What the screen keeps of a game between reloads: the line, its undo history and what waits. */
export interface ScorerState {
  line: LiveLine | null;
  /** earlier lines, the last one first out on 되돌리기 */
  history: LiveLine[];
  /** the last sequence number given out */
  seq: number;
  ended: boolean;
  queue: Outgoing[];
}

export interface StateStore {
  read(): ScorerState | null;
  write(state: ScorerState): void;
}

export const storageKey = (gameId: number) => `sbsa.live.${gameId}`;

/** The browser's localStorage under the game's key. */
export function localStore(gameId: number, storage: Storage = localStorage): StateStore {
  const key = storageKey(gameId);
  return {
    read: () => {
      const text = storage.getItem(key);
      return text ? (JSON.parse(text) as ScorerState) : null;
    },
    write: (state) => storage.setItem(key, JSON.stringify(state)),
  };
}

export type SendResult = { ok: true } | { ok: false; retry: boolean; message: string };

/** Sends one item; a network failure (or an expired sign-in) is retried, a refusal is not. */
export async function sendWith(send: () => Promise<unknown>): Promise<SendResult> {
  try {
    await send();
    return { ok: true };
  } catch (error) {
    if (
      error instanceof ApiCallError &&
      error.status >= 400 &&
      error.status < 500 &&
      error.status !== 401
    )
      return { ok: false, retry: false, message: error.message };
    return {
      ok: false,
      retry: true,
      message: error instanceof Error ? error.message : '전송하지 못했습니다.',
    };
  }
}

/**
 * Sends what waits, in order, until the queue is empty or the connection fails. Returns the state
 * after: what was sent or refused is gone from its queue; `refused` has the server's messages.
 */
export async function drain(
  store: StateStore,
  send: (item: Outgoing) => Promise<SendResult>,
  onProgress: (state: ScorerState) => void,
): Promise<{ refused: string[]; stalled: boolean }> {
  const refused: string[] = [];
  for (;;) {
    const state = store.read();
    const next = state?.queue[0];
    if (!state || !next) return { refused, stalled: false };
    const result = await send(next);
    if (!result.ok && result.retry) return { refused, stalled: true };
    if (!result.ok) refused.push(result.message);
    // read again: taps made while this one was on its way were written meanwhile
    const now = store.read() ?? state;
    const after = { ...now, queue: now.queue.filter((item) => item.seq !== next.seq) };
    store.write(after);
    onProgress(after);
  }
}
