/** The part of archiver 5 (no bundled types) that the data export uses. */
declare module 'archiver' {
  import type { Transform, Readable } from 'node:stream';

  interface EntryData {
    name: string;
    date?: Date;
    /** no compression: for files that are compressed already (photos, videos) */
    store?: boolean;
  }

  export interface Archiver extends Transform {
    append(source: Readable | Buffer | string, data: EntryData): this;
    finalize(): Promise<void>;
    abort(): this;
    pointer(): number;
  }

  interface ArchiverOptions {
    zlib?: { level?: number };
  }

  function archiver(format: 'zip', options?: ArchiverOptions): Archiver;
  export default archiver;
}
