import { existsSync } from 'node:fs';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { MessageChannel, Worker } from 'node:worker_threads';
import type { VoteBatch } from '../vote-export.repository.js';
import type { FromWorker, ToWorker } from './xlsx-votes.worker.js';

const WORKER_FILE = new URL('./xlsx-votes.worker.js', import.meta.url);
/**
 * The worker's heap: its live data is a batch and ~1 MB of XML, so a small old generation only
 * makes V8 collect exceljs's garbage early instead of letting it pile up (the API's RSS stays flat).
 */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 64 };

interface Channel {
  post(msg: ToWorker, transfer?: ArrayBuffer[]): void;
  close(): Promise<void>;
}

/**
 * Host side of the export worker (xlsx-votes.worker.ts): sends it batches, writes the bytes it
 * sends back into `out`, and sends the next batch only when the worker is ready and `out` has
 * drained, so nothing piles up between the database, the worker and a slow client.
 */
export class XlsxExportWorker {
  private pending: { resolve: (v: FromWorker) => void; reject: (e: Error) => void } | null = null;
  private failure: Error | null = null;

  private constructor(
    private readonly out: Writable,
    private readonly channel: Channel,
    listen: (onMessage: (m: FromWorker) => void, onFailure: (e: Error) => void) => void,
  ) {
    listen(
      (m) => this.onMessage(m),
      (e) => this.fail(e),
    );
  }

  /** A worker thread from the compiled file; on sources (tests) the same code on a MessageChannel. */
  static async start(out: Writable, rowsPerSheet?: number): Promise<XlsxExportWorker> {
    const data = { kind: 'xlsx-votes', rowsPerSheet };
    if (existsSync(fileURLToPath(WORKER_FILE))) {
      const worker = new Worker(WORKER_FILE, { workerData: data, resourceLimits: WORKER_LIMITS });
      return new XlsxExportWorker(
        out,
        { post: (m, t) => worker.postMessage(m, t ?? []), close: async () => void (await worker.terminate()) },
        (onMessage, onFailure) => {
          worker.on('message', onMessage);
          worker.on('error', onFailure);
          worker.on('exit', (code) => onFailure(new Error(`Export worker stopped (exit code ${code})`)));
        },
      );
    }
    const { port1, port2 } = new MessageChannel();
    const { serve } = await import('./xlsx-votes.worker.js');
    serve(port2, rowsPerSheet);
    return new XlsxExportWorker(
      out,
      {
        post: (m, t) => port1.postMessage(m, t ?? []),
        close: async () => {
          port1.close();
          port2.close();
        },
      },
      (onMessage) => port1.on('message', onMessage),
    );
  }

  /** Resolves when the worker has taken the batch in and `out` can take more. */
  async write(rows: VoteBatch): Promise<void> {
    await this.request({ type: 'rows', rows }, [
      rows.userIds.buffer,
      rows.mediaIds.buffer,
      rows.hot.buffer,
      rows.votedAt.buffer,
    ] as ArrayBuffer[]);
    if (this.out.writableNeedDrain && !this.out.destroyed)
      await Promise.race([once(this.out, 'drain'), once(this.out, 'close')]);
  }

  /** Finishes the file; resolves with the number of rows once every byte has been written to `out`. */
  async end(): Promise<number> {
    const done = await this.request({ type: 'end' });
    await this.channel.close();
    return done.type === 'done' ? done.rows : 0;
  }

  async abort(): Promise<void> {
    this.failure ??= new Error('Export aborted');
    this.channel.post({ type: 'abort' });
    await this.channel.close();
  }

  private request(msg: ToWorker, transfer?: ArrayBuffer[]): Promise<FromWorker> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.channel.post(msg, transfer);
    });
  }

  private onMessage(m: FromWorker): void {
    if (m.type === 'data') {
      if (!this.out.destroyed) this.out.write(Buffer.from(m.chunk));
      return;
    }
    if (m.type === 'error') return this.fail(new Error(m.message));
    const p = this.pending;
    this.pending = null;
    p?.resolve(m);
  }

  private fail(err: Error): void {
    if (this.failure && this.pending === null) return;
    this.failure ??= err;
    const p = this.pending;
    this.pending = null;
    p?.reject(err);
  }
}
