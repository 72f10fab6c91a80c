import { Injectable, Logger } from '@nestjs/common';
import { Readable } from 'node:stream';
import { Budget, type Charge, HOUR_MS } from '../../../platform/budget/budget.js';
import { notFound } from '../../../platform/domain-error.js';
import { ObjectNotFoundError, ObjectStorage } from '../../../platform/storage/object-storage.js';
import type { User } from '../domain/user.js';
import { Users } from '../users.js';
import { DataExportRepository, type Page, type PageCursor } from './data-export.repository.js';
import {
  type ExportUpload,
  profileJson,
  UPLOADS_CSV_HEADER,
  uploadFileName,
  uploadLine,
  VOTES_CSV_HEADER,
  voteLine,
} from './domain/export-files.js';
import { DownloadClosed, type ZipEntries } from './infrastructure/zip-entries.js';

/** Rows read per query: a page of votes is ~50 bytes a row, so memory stays small whatever the account holds. */
export const EXPORT_PAGE = 500;

export const EXPORT_LIMIT_MESSAGE = 'You can download your data once an hour';

/** One export per account per hour: each one reads every vote and every original the account has. */
const exportCharge = (userId: number): Charge => ({
  key: `data-export:${userId}`,
  windowMs: HOUR_MS,
  limit: 1,
  amount: 1,
  message: EXPORT_LIMIT_MESSAGE,
});

/** An export that was started: its account as it was, and how to give the hour back if it fails on our side. */
export interface StartedExport {
  user: User;
  /** The session (device) that asked: it must still be signed in when the zip is closed. */
  sessionId: number;
  refund(): Promise<void>;
}

/**
 * "Download my data" (issue 27): profile.json, votes.csv, uploads.csv and the stored originals
 * (cleaned at upload) as one zip, streamed: rows are read a page at a time as the zip takes them,
 * and one original is open at a time, so memory stays flat for any account size.
 */
@Injectable()
export class DataExportService {
  private readonly logger = new Logger('DataExport');

  constructor(
    private readonly users: Users,
    private readonly rows: DataExportRepository,
    private readonly storage: ObjectStorage,
    private readonly budget: Budget,
  ) {}

  /** What `start` would refuse (404, 429 with Retry-After), spending nothing. */
  async check(userId: number): Promise<void> {
    await this.exportable(userId);
    await this.budget.check(exportCharge(userId));
  }

  /** Checks the account and spends its hour; every refusal comes before the first byte. */
  async start(userId: number, sessionId: number): Promise<StartedExport> {
    const user = await this.exportable(userId);
    const receipt = await this.budget.spend([exportCharge(userId)]);
    return { user, sessionId, refund: () => this.budget.refund(receipt) };
  }

  /**
   * Writes the export into `zip` and closes it. Before the zip is closed the account must still
   * exist and the asking session still be signed in — a deletion ends every session of the
   * account first, then erases it in the background — else this throws and the caller cuts the
   * download, so a deletion racing the export never leaves the client a zip that looks whole.
   */
  async write({ user, sessionId }: StartedExport, zip: ZipEntries): Promise<void> {
    const exportedAt = new Date();
    await zip.add('profile.json', profileJson(user, await this.users.listSessions(user.id), exportedAt));
    await zip.add(
      'votes.csv',
      csvStream(VOTES_CSV_HEADER, (after) => this.rows.votesPage(user.id, after, EXPORT_PAGE), voteLine),
    );
    await zip.add(
      'uploads.csv',
      csvStream(UPLOADS_CSV_HEADER, (after) => this.rows.uploadsPage(user.id, after, EXPORT_PAGE), uploadLine),
    );
    let files = 0;
    for await (const uploads of pagesOf((after) => this.rows.uploadsPage(user.id, after, EXPORT_PAGE))) {
      for (const upload of uploads) if (await this.addOriginal(zip, upload)) files++;
    }
    await this.stillSignedIn(user.id, sessionId);
    await zip.finish();
    this.logger.log(`Data export of user ${user.id}: ${files} upload(s)`);
  }

  /** Is the client gone (nothing to report) rather than the export broken? */
  static closedByClient(err: unknown): boolean {
    return err instanceof DownloadClosed;
  }

  private async addOriginal(zip: ZipEntries, upload: ExportUpload): Promise<boolean> {
    let body;
    try {
      body = await this.storage.get(upload.storageKey);
    } catch (err) {
      // the visitor deleted it after uploads.csv was written: there is nothing left to hand over
      if (!(err instanceof ObjectNotFoundError)) throw err;
      this.logger.warn(`Data export: upload ${upload.id} has no stored original (${upload.storageKey}); left out`);
      return false;
    }
    // photos and videos are compressed already: stored as they are, no CPU spent deflating them
    await zip.add(uploadFileName(upload), body.stream, { date: upload.uploadedAt, store: true });
    return true;
  }

  private async stillSignedIn(userId: number, sessionId: number): Promise<void> {
    await this.exportable(userId);
    const sessions = await this.users.listSessions(userId);
    if (!sessions.some((s) => s.id === sessionId)) throw notFound('The session that asked for the export has ended');
  }

  /** 404 for an account that is gone (deleted, or its deletion under way). */
  private async exportable(userId: number): Promise<User> {
    const user = await this.users.findById(userId);
    if (!user) throw notFound('No such account');
    return user;
  }
}

/** A keyset-paged listing, page after page: one page in memory at a time. */
async function* pagesOf<T>(page: (after: PageCursor) => Promise<Page<T>>): AsyncGenerator<T[]> {
  let after: PageCursor = null;
  do {
    const p = await page(after);
    if (p.rows.length) yield p.rows;
    after = p.next;
  } while (after !== null);
}

/** A CSV file as a stream that reads the next page only when the zip asks for more bytes. */
function csvStream<T>(
  header: string,
  page: (after: PageCursor) => Promise<Page<T>>,
  line: (row: T) => string,
): Readable {
  async function* chunks(): AsyncGenerator<Buffer> {
    yield Buffer.from(header);
    for await (const rows of pagesOf(page)) yield Buffer.from(rows.map(line).join(''));
  }
  return Readable.from(chunks(), { objectMode: false });
}
