import archiver, { type Archiver } from 'archiver';
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';

/** The client closed the download: the export stops, nothing is wrong on our side. */
export class DownloadClosed extends Error {
  constructor() {
    super('The client closed the download');
  }
}

/**
 * A zip written into `out` one entry at a time: `add()` resolves only once the entry's bytes have
 * gone into the archive, so a single source (a page of CSV rows, one stored original) is open at
 * a time and the archive's pipe into `out` carries the client's backpressure back to it. Until
 * `finish()` the central directory is missing and `abort()` cuts the connection, so a failed
 * export is never a valid zip, never a partial export that looks whole.
 */
export class ZipEntries {
  private readonly archive: Archiver;
  private failure: Error | null = null;
  private readonly failed: Promise<never>;

  constructor(private readonly out: Writable) {
    this.archive = archiver('zip', { zlib: { level: 6 } });
    this.failed = new Promise<never>((_, reject) => {
      this.archive.on('error', (err: Error) => reject(this.fail(err)));
      // archiver's warnings are about files on disk it was asked to read: none here, so any is a failure
      this.archive.on('warning', (err: Error) => reject(this.fail(err)));
      out.on('close', () => {
        if (!out.writableFinished) reject(this.fail(new DownloadClosed()));
      });
    });
    this.failed.catch(() => undefined);
    this.archive.pipe(out);
  }

  /** One file of the zip; `store` for bytes that are compressed already (photos, videos). */
  async add(name: string, source: Readable | string, options: { date?: Date; store?: boolean } = {}): Promise<void> {
    if (this.failure) throw this.failure;
    const written = once(this.archive, 'entry');
    const sourceFailed =
      typeof source === 'string'
        ? null
        : new Promise<never>((_, reject) => source.once('error', (err: Error) => reject(this.fail(err))));
    sourceFailed?.catch(() => undefined);
    this.archive.append(source, { name, date: options.date ?? new Date(), store: options.store ?? false });
    try {
      await Promise.race([written, this.failed, ...(sourceFailed ? [sourceFailed] : [])]);
    } catch (err) {
      // an object stream left open would hold its file or S3 connection until it timed out
      if (typeof source !== 'string') source.destroy();
      throw err;
    }
  }

  /** Writes the central directory and ends `out` once every byte is out. */
  async finish(): Promise<void> {
    if (this.failure) throw this.failure;
    const done = once(this.out, 'finish');
    await Promise.race([this.archive.finalize(), this.failed]);
    await Promise.race([done, this.failed]);
  }

  /**
   * Cuts `out` where it is and stops the archive. In that order: archiver ends its output when
   * aborted, and through the pipe that would end the download cleanly, as if it were whole.
   */
  abort(): void {
    this.failure ??= new Error('Export aborted');
    this.archive.unpipe(this.out);
    this.out.destroy();
    this.archive.abort();
  }

  private fail(err: Error): Error {
    this.failure ??= err;
    return this.failure;
  }
}
