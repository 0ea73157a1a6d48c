import { describe, expect, it } from 'vitest';
import { ApiCallError } from '../../../../lib/api-client.ts';
import { firstPitch } from '../../../../lib/live-line.ts';
import { drain, localStore, sendWith } from './tap-queue.ts';
import type { Outgoing, ScorerState } from './tap-queue.ts';

/** The part of the browser's Storage the queue uses, in memory. */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    clear: () => map.clear(),
    key: (i: number) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
  };
}

const line = (seq: number): Outgoing => ({ kind: 'line', seq, line: firstPitch() });
const withQueue = (queue: Outgoing[]): ScorerState => ({
  line: firstPitch(),
  history: [],
  seq: queue.length,
  ended: false,
  queue,
});

describe('the tap queue', () => {
  it('sends in order, keeps what the connection did not take, and picks up there later', async () => {
    const store = localStore(7, memoryStorage());
    store.write(withQueue([line(1), line(2), line(3)]));
    const sent: number[] = [];
    let online = true;
    const send = (item: Outgoing) =>
      sendWith(async () => {
        if (!online) throw new ApiCallError(0, '서버에 연결할 수 없습니다.');
        sent.push(item.seq);
        if (item.seq === 1) online = false;
      });
    const first = await drain(store, send, () => undefined);
    expect(first).toEqual({ refused: [], stalled: true });
    expect(store.read()?.queue.map((i) => i.seq)).toEqual([2, 3]);
    online = true;
    expect(await drain(store, send, () => undefined)).toEqual({ refused: [], stalled: false });
    expect(sent).toEqual([1, 2, 3]);
    expect(store.read()?.queue).toEqual([]);
  });

  it('drops a tap the server refuses with its message, keeps taps made meanwhile', async () => {
    const store = localStore(8, memoryStorage());
    store.write(withQueue([line(1), line(2)]));
    const send = (item: Outgoing) =>
      sendWith(async () => {
        if (item.seq === 1) {
          // a tap made while this one is on its way
          const now = store.read() as ScorerState;
          store.write({ ...now, queue: [...now.queue, line(3)] });
          throw new ApiCallError(400, '이미 결과가 입력된 경기입니다.');
        }
      });
    const result = await drain(store, send, () => undefined);
    expect(result.refused).toEqual(['이미 결과가 입력된 경기입니다.']);
    expect(store.read()?.queue).toEqual([]);
  });

  it('retries on an expired sign-in rather than dropping the tap', async () => {
    const result = await sendWith(async () => {
      throw new ApiCallError(401, '로그인이 만료되었습니다.');
    });
    expect(result).toEqual({ ok: false, retry: true, message: '로그인이 만료되었습니다.' });
  });
});
