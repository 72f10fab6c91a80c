import { Controller, Get, Logger, Param, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { pipeline } from 'node:stream';
import { notFound } from '../../platform/domain-error.js';
import {
  isSafeKey,
  ObjectNotFoundError,
  ObjectStorage,
  type ByteRange,
  type ObjectBody,
} from '../../platform/storage/object-storage.js';
import type { Media } from './domain/media.js';
import { MediaService } from './media.service.js';

/**
 * GET/HEAD /media/<key>: the stored file with the type recorded at upload (never sniffed by the
 * browser), validators for conditional requests, and single byte ranges (video seeking).
 * Keys are immutable (a new upload gets a new key), so the answer may be cached for a year.
 */
@ApiTags('media')
@SkipThrottle() // a page of videos issues many range requests; these are static files
@Controller('media')
export class MediaFilesController {
  private readonly logger = new Logger('MediaFiles');

  constructor(
    private readonly media: MediaService,
    private readonly storage: ObjectStorage,
  ) {}

  @Get('*key')
  async serve(@Param('key') key: string[] | string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const storageKey = Array.isArray(key) ? key.join('/') : key;
    if (!isSafeKey(storageKey)) throw notFound('File not found');
    const media = await this.media.findServable(storageKey);
    const etag = etagOf(media);
    const lastModified = media.uploadedAt.toUTCString();
    res.setHeader('ETag', etag);
    res.setHeader('Last-Modified', lastModified);
    if (req.fresh) {
      setFileHeaders(res, media);
      res.status(304).end();
      return;
    }

    let range: ByteRange | undefined;
    if (req.headers.range && ifRangeHolds(req, etag, media.uploadedAt)) {
      const parsed = req.range(media.size, { combine: true });
      if (parsed === -1) {
        res.removeHeader('ETag');
        res.removeHeader('Last-Modified');
        res.setHeader('Content-Range', `bytes */${media.size}`);
        res
          .status(416)
          .json({ statusCode: 416, error: 'range_not_satisfiable', message: `The file has ${media.size} bytes` });
        return;
      }
      // a malformed header (-2) or several ranges: answer the whole file, which HTTP allows
      if (Array.isArray(parsed) && parsed.type === 'bytes' && parsed.length === 1) range = parsed[0];
    }

    let body: ObjectBody | null = null;
    if (req.method === 'HEAD') {
      if (!(await this.storage.stat(storageKey))) return this.missing(res, storageKey);
    } else {
      try {
        body = await this.storage.get(storageKey, range);
      } catch (err) {
        if (err instanceof ObjectNotFoundError) return this.missing(res, storageKey);
        throw err;
      }
    }

    setFileHeaders(res, media);
    const size = body?.size ?? media.size;
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
        this.logger.warn(`Streaming ${storageKey} failed: ${err.message}`);
      }
    });
  }

  private missing(res: Response, storageKey: string): void {
    this.logger.warn(`Media row without its object: ${storageKey}`);
    res.removeHeader('ETag');
    res.removeHeader('Last-Modified');
    throw notFound('File not found');
  }
}

function setFileHeaders(res: Response, media: Media): void {
  res.setHeader('Content-Type', media.mimeType);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  res.setHeader('Accept-Ranges', 'bytes');
}

const etagOf = (m: Media): string =>
  `"${createHash('sha256').update(`${m.storageKey}\n${m.size}\n${m.uploadedAt.getTime()}`).digest('base64url').slice(0, 27)}"`;

/** If-Range: the range applies only while the client's copy is still the current one. */
function ifRangeHolds(req: Request, etag: string, lastModified: Date): boolean {
  const ifRange = req.get('if-range');
  if (!ifRange) return true;
  if (ifRange.startsWith('"') || ifRange.startsWith('W/')) return ifRange === etag;
  const since = Date.parse(ifRange);
  return !Number.isNaN(since) && Math.floor(lastModified.getTime() / 1000) <= Math.floor(since / 1000);
}
