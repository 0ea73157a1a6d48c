import { Worker } from 'node:worker_threads';
import type { SheetCell } from './sheet-cells.ts';
import { SheetError } from './sheet-rules.ts';

export interface SheetJob {
  kind: 'xlsx' | 'csv';
  bytes: Uint8Array;
}

export type SheetReply =
  | { ok: true; table: SheetCell[][]; text?: string }
  | { ok: false; message: string };

/** How long one file may take to read before it is refused. */
export const SHEET_TIME_LIMIT_MS = 5_000;
/** How long the reading thread may take to load its code (a busy machine is slow to start it). */
const SHEET_START_LIMIT_MS = 30_000;
/** Heap the reading thread may use; a file that needs more is refused. */
const SHEET_HEAP_MB = 256;

const tooSlow =
  '파일을 읽는 데 너무 오래 걸립니다. 행과 열이 일정표에 필요한 만큼인지 확인해 주세요.';
const tooBig =
  '파일을 읽는 데 메모리가 너무 많이 듭니다. 일정표에 필요한 시트만 남기고 다시 올려 주세요.';

let queue: Promise<unknown> = Promise.resolve();

/**
 * Reads an uploaded sheet in a worker thread with a time and memory limit, one file at a time, so
 * a crafted file can never stall other requests. A file that cannot be read throws SheetError.
 */
export function readSheet(job: SheetJob): Promise<{ table: SheetCell[][]; text?: string }> {
  const run = queue.then(() => readInWorker(job));
  queue = run.catch(() => undefined);
  return run;
}

function readInWorker(job: SheetJob): Promise<{ table: SheetCell[][]; text?: string }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./sheet-worker.ts', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: SHEET_HEAP_MB, maxYoungGenerationSizeMb: 32 },
    });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      fn();
    };
    const limit = (ms: number) =>
      setTimeout(() => finish(() => reject(new SheetError(tooSlow))), ms);
    let timer = limit(SHEET_START_LIMIT_MS);
    worker.on('message', (reply: SheetReply | 'ready') => {
      if (reply === 'ready') {
        // The file's time limit counts reading only, from the moment the thread is ready.
        clearTimeout(timer);
        timer = limit(SHEET_TIME_LIMIT_MS);
        worker.postMessage(job);
        return;
      }
      finish(() => (reply.ok ? resolve(reply) : reject(new SheetError(reply.message))));
    });
    worker.on('error', (err: NodeJS.ErrnoException) =>
      finish(() => reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new SheetError(tooBig) : err)),
    );
    worker.on('exit', () => finish(() => reject(new SheetError(tooBig))));
  });
}
