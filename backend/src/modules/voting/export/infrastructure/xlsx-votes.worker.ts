import { Writable } from 'node:stream';
import { isMainThread, type MessagePort, parentPort, workerData } from 'node:worker_threads';
import type { VoteBatch } from '../vote-export.repository.js';
import { XlsxVotesWriter } from './xlsx-votes-writer.js';

/** Host → worker. */
export type ToWorker = { type: 'rows'; rows: VoteBatch } | { type: 'end' } | { type: 'abort' };
/** Worker → host: file bytes as they come, `ready` for the next batch, then `done` (or `error`). */
export type FromWorker =
  | { type: 'data'; chunk: ArrayBuffer }
  | { type: 'ready' }
  | { type: 'done'; rows: number }
  | { type: 'error'; message: string };

type Port = Pick<MessagePort, 'postMessage' | 'on' | 'close'>;

/**
 * The worker side of the votes export: turns batches of votes into xlsx bytes with
 * XlsxVotesWriter and posts the bytes back. Runs in a worker thread in production (the XML and
 * zip work stays off the API's event loop and inside the worker's own small heap) and on a
 * MessageChannel in the same thread where the compiled worker file does not exist (tests on sources).
 */
export function serve(port: Port, rowsPerSheet?: number): void {
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      const copy = new Uint8Array(chunk); // its own ArrayBuffer, so it can be transferred
      port.postMessage({ type: 'data', chunk: copy.buffer } satisfies FromWorker, [copy.buffer]);
      done();
    },
  });
  const writer = new XlsxVotesWriter(out, rowsPerSheet);
  let stopped = false;
  let queue = Promise.resolve();
  const handle = async (msg: ToWorker): Promise<void> => {
    if (stopped) return;
    if (msg.type === 'rows') {
      writer.add(msg.rows);
      await writer.settle(() => stopped);
      port.postMessage({ type: 'ready' } satisfies FromWorker);
    } else if (msg.type === 'end') {
      await writer.finish();
      stopped = true;
      port.postMessage({ type: 'done', rows: writer.rows } satisfies FromWorker);
      port.close();
    } else {
      stopped = true;
      writer.abort();
      port.close();
    }
  };
  // one message at a time, in order: a batch is fully written before the next one starts
  port.on('message', (msg: ToWorker) => {
    queue = queue
      .then(() => handle(msg))
      .catch((err: Error) => {
        stopped = true;
        port.postMessage({ type: 'error', message: err.message } satisfies FromWorker);
        port.close();
      });
  });
}

export const WORKER_KIND = 'xlsx-votes';

if (!isMainThread && parentPort && (workerData as { kind?: string } | null)?.kind === WORKER_KIND) {
  serve(parentPort, (workerData as { rowsPerSheet?: number }).rowsPerSheet);
}
