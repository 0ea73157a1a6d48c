import { parentPort } from 'node:worker_threads';
import { decodeCsv, parseCsv, readXlsx } from './sheet-file.ts';
import { SheetError } from './sheet-rules.ts';
import type { SheetJob, SheetReply } from './read-sheet.ts';

// Runs in a worker thread so a slow or hostile file never holds up the server's request thread.
parentPort?.on('message', async (job: SheetJob) => {
  let reply: SheetReply;
  try {
    if (job.kind === 'xlsx') reply = { ok: true, table: await readXlsx(job.bytes) };
    else {
      const text = decodeCsv(job.bytes);
      reply = { ok: true, table: parseCsv(text), text };
    }
  } catch (err) {
    reply =
      err instanceof SheetError
        ? { ok: false, message: err.message }
        : {
            ok: false,
            message: '파일을 읽을 수 없습니다. 엑셀(xlsx) 또는 CSV 파일인지 확인해 주세요.',
          };
  }
  parentPort?.postMessage(reply);
});
// Tells the server the readers are loaded: the reading time limit starts from here, so a slow start
// on a busy machine is not counted against the file.
parentPort?.postMessage('ready');
