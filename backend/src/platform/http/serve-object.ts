import { Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { pipeline } from 'node:stream';
import { DomainError, notFound } from '../domain-error.js';
import { type ByteRange, type ObjectBody, ObjectNotFoundError, ObjectStorage } from '../storage/object-storage.js';

/** A stored object as its row describes it. Keys are immutable (new content gets a new key). */
export interface ServedObject {
  key: string;
  size: number;
  mimeType: string;
  modified: Date;
  /** Only for this requester (a hidden item): no shared cache may keep or answer it. */
  private?: boolean;
}

const logger = new Logger('ServeObject');

/**
 * GET/HEAD of a stored object: the type recorded for it (never sniffed by the browser),
 * validators for conditional requests (304), and single byte ranges (206, video seeking; 416
 * `range_not_satisfiable` past the end). Immutable keys: the answer may be cached for a year.
 * A row whose object is gone answers 404 and is logged.
 */
export async function serveObject(req: Request, res: Response, storage: ObjectStorage, file: ServedObject) {
  const etag = etagOf(file);
  res.setHeader('ETag', etag);
  res.setHeader('Last-Modified', file.modified.toUTCString());
  if (req.fresh) {
    setFileHeaders(res, file);
    res.status(304).end();
    return;
  }

  let range: ByteRange | undefined;
  if (req.headers.range && ifRangeHolds(req, etag, file.modified)) {
    const parsed = req.range(file.size, { combine: true });
    if (parsed === -1) {
      dropValidators(res);
      res.setHeader('Content-Range', `bytes */${file.size}`);
      throw new DomainError('range_not_satisfiable', `The file has ${file.size} bytes`);
    }
    // a malformed header (-2) or several ranges: answer the whole file, which HTTP allows
    if (Array.isArray(parsed) && parsed.type === 'bytes' && parsed.length === 1) range = parsed[0];
  }

  let body: ObjectBody | null = null;
  if (req.method === 'HEAD') {
    if (!(await storage.stat(file.key))) missing(res, file.key);
  } else {
    try {
      body = await storage.get(file.key, range);
    } catch (err) {
      if (err instanceof ObjectNotFoundError) missing(res, file.key);
      throw err;
    }
  }

  setFileHeaders(res, file);
  const size = body?.size ?? file.size;
  if (range) {
    res.status(206);
    res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
    res.setHeader('Content-Length', String(range.end - range.start + 1));
  } else {
    res.status(200);
    res.setHeader('Content-Length', String(size));
  }
  if (!body) {
    res.end();
    return;
  }
  pipeline(body.stream, res, (err) => {
    // a client that stops watching closes early; anything else is worth a line
    if (err && (err as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') {
      logger.warn(`Streaming ${file.key} failed: ${err.message}`);
    }
  });
}

function missing(res: Response, key: string): never {
  logger.warn(`Row without its object: ${key}`);
  dropValidators(res);
  throw notFound('File not found');
}

function dropValidators(res: Response): void {
  res.removeHeader('ETag');
  res.removeHeader('Last-Modified');
}

function setFileHeaders(res: Response, file: ServedObject): void {
  res.setHeader('Content-Type', file.mimeType);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', file.private ? 'private, no-store' : 'public, max-age=31536000, immutable');
  res.setHeader('Accept-Ranges', 'bytes');
}

const etagOf = (f: ServedObject): string =>
  `"${createHash('sha256').update(`${f.key}\n${f.size}\n${f.modified.getTime()}`).digest('base64url').slice(0, 27)}"`;

/** If-Range: the range applies only while the client's copy is still the current one. */
function ifRangeHolds(req: Request, etag: string, lastModified: Date): boolean {
  const ifRange = req.get('if-range');
  if (!ifRange) return true;
  if (ifRange.startsWith('"') || ifRange.startsWith('W/')) return ifRange === etag;
  const since = Date.parse(ifRange);
  return !Number.isNaN(since) && Math.floor(lastModified.getTime() / 1000) <= Math.floor(since / 1000);
}
