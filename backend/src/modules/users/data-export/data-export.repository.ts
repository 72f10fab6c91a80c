import type { ExportUpload, ExportVote } from './domain/export-files.js';

/** Where the next page starts: opaque to callers, null for the first page. */
export type PageCursor = string | null;

export interface Page<T> {
  rows: T[];
  /** null once there is nothing after this page */
  next: PageCursor;
}

/**
 * Port: one account's votes and uploads, a bounded page at a time (keyset, so a page is an index
 * range and nothing is held open between pages: PGlite has a single connection).
 */
export abstract class DataExportRepository {
  abstract votesPage(userId: number, after: PageCursor, limit: number): Promise<Page<ExportVote>>;
  /** Newest first, as My Stats lists them. */
  abstract uploadsPage(userId: number, after: PageCursor, limit: number): Promise<Page<ExportUpload>>;
}
