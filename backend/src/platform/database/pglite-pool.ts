import { EventEmitter } from 'node:events';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { explainEmbeddedStartFailure } from '../disk-space.js';
import { DurableNodeFS } from './durable-nodefs.js';

/**
 * A `pg`-compatible Pool over one PGlite database, for TypeORM's postgres driver.
 *
 * PGlite is a single session. typeorm-pglite hands that one session to every TypeORM
 * connection at once, so a request's statements can land inside another request's open
 * transaction (and vanish with its ROLLBACK). This pool lends the session to one
 * connection at a time: a transaction holds it from BEGIN to release, other work queues.
 * It is also per data source, not a process-wide singleton, so tests can open several.
 */
export class PGlitePool extends EventEmitter {
  private readonly db: Promise<PGlite>;
  private queue: Array<() => void> = [];
  private busy = false;
  private ended = false;

  /**
   * `durable` (default true): a commit is answered once its WAL is on disk. `fsync`: how a file
   * reaches the disk (fs.fsyncSync; a test may watch it). Without a dataDir: in memory.
   */
  constructor(options: { dataDir?: string; durable?: boolean; fsync?: (fd: number) => void }) {
    super();
    this.db = PGlite.create({
      dataDir: options.dataDir,
      // the Media search's trigram index (migration 1796100000000): a database that has it needs it loaded
      extensions: { pg_trgm },
      ...(options.dataDir && options.durable !== false
        ? {
            fs: new DurableNodeFS(options.dataDir, options.fsync),
            // PGlite starts PostgreSQL with -F (fsync off); with a real fsync underneath, a
            // commit is acknowledged only once its WAL is on disk. fsync, not fdatasync: the
            // WASM build's fdatasync is a stub that does nothing
            startParams: [...PGlite.defaultStartParams.filter((p) => p !== '-F'), '-c', 'wal_sync_method=fsync'],
          }
        : {}),
      // TypeORM sends booleans as JS values; PGlite's default serializer expects 't'/'f'
      serializers: { [types.BOOL]: (v: unknown) => (v === true || v === 'true' || v === 1 ? 'TRUE' : 'FALSE') },
    }).catch(async (err: unknown) => {
      // below ~40 MB free PGlite cannot start and says only "errno 51": name the cause
      throw options.dataDir ? await explainEmbeddedStartFailure(err, options.dataDir) : err;
    });
  }

  /** pg's Pool counters, for the metrics: one session, lent out or idle, and the work queued for it. */
  get totalCount(): number {
    return 1;
  }
  get idleCount(): number {
    return this.busy ? 0 : 1;
  }
  get waitingCount(): number {
    return this.queue.length;
  }

  /** The PGlite instance, for code that needs raw access (benchmarks, health). */
  instance(): Promise<PGlite> {
    return this.db;
  }

  /**
   * A gzipped tarball of the data dir (PGlite's `dumpDataDir`), taken while holding the session:
   * no statement or open transaction of the app runs meanwhile, so it is a consistent copy of a
   * database that keeps serving (requests wait for the dump, as for any transaction).
   */
  async snapshot(): Promise<Uint8Array> {
    await this.acquire();
    try {
      const dump = await (await this.db).dumpDataDir('gzip');
      return new Uint8Array(await dump.arrayBuffer());
    } finally {
      this.releaseLock();
    }
  }

  connect(callback?: (err: Error | null, client?: PGliteClient, release?: () => void) => void): Promise<PGliteClient> {
    const promise = this.acquire().then(async () => {
      const client = new PGliteClient(await this.db, () => this.releaseLock());
      return client;
    });
    if (callback) {
      promise.then(
        (client) => callback(null, client, client.release),
        (err: Error) => callback(err),
      );
    }
    return promise;
  }

  /** Like pg's Pool#query; a query config's `name` (a pg prepared statement) means nothing to PGlite. */
  async query(
    text: string | { text: string; values?: unknown[]; name?: string },
    params?: unknown[] | ((err: Error | null, r?: unknown) => void),
  ) {
    const client = await this.connect();
    try {
      return await client.query(text, Array.isArray(params) ? params : undefined);
    } finally {
      client.release();
    }
  }

  end(callback?: (err?: Error | null) => void): Promise<void> {
    this.ended = true;
    const done = this.db.then((db) => db.close());
    if (callback)
      done.then(
        () => callback(null),
        (e: Error) => callback(e),
      );
    return done;
  }

  private acquire(): Promise<void> {
    if (this.ended) return Promise.reject(new Error('PGlite pool has been closed'));
    if (!this.busy) {
      this.busy = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.queue.push(resolve));
  }

  private releaseLock(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.busy = false;
  }
}

export class PGliteClient extends EventEmitter {
  private released = false;

  constructor(
    private readonly db: PGlite,
    private readonly onRelease: () => void,
  ) {
    super();
  }

  readonly release = (): void => {
    if (this.released) return;
    this.released = true;
    this.onRelease();
  };

  async query(
    text: string | { text: string; values?: unknown[] },
    params?: unknown[] | ((err: Error | null, r?: unknown) => void),
    cb?: (err: Error | null, r?: unknown) => void,
  ) {
    const sql = typeof text === 'string' ? text : text.text;
    let values = typeof text === 'string' ? undefined : text.values;
    let callback = cb;
    if (typeof params === 'function') callback = params;
    else if (params) values = params;
    try {
      const result = values?.length
        ? await this.db.query(sql, values)
        : ((await this.db.exec(sql)).at(-1) ?? { rows: [], affectedRows: 0, fields: [] });
      // TypeORM reads pg's command tag (UPDATE/DELETE answer [rows, affected]); PGlite has none
      const command = sql.trimStart().match(/^\w+/)?.[0]?.toUpperCase();
      const shaped = { ...result, command, rowCount: result.affectedRows ?? result.rows.length };
      callback?.(null, shaped);
      return shaped;
    } catch (err) {
      callback?.(err as Error);
      if (callback) return undefined;
      throw err;
    }
  }
}
