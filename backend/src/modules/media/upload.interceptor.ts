import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Request, RequestHandler, Response } from 'express';
import multer, { MulterError } from 'multer';
import fs from 'node:fs/promises';
import path from 'node:path';
import { catchError, mergeMap, type Observable } from 'rxjs';
import { AppConfig } from '../../config/env.js';
import { badRequest, DomainError, forbidden } from '../../platform/domain-error.js';
import type { User } from '../users/domain/user.js';
import { assertRequestSize, type ReceivedFile, tooLargeMessage, VIDEO_MAX_BYTES } from './domain/upload-policy.js';
import { SniffingUploadStorage } from './infrastructure/sniffing-upload-storage.js';

export type UploadRequest = Request & { visitor?: User; file?: Express.Multer.File & { received?: ReceivedFile } };

const multerMessages: Partial<Record<string, string>> = {
  LIMIT_FILE_COUNT: 'Send one file per upload',
  LIMIT_UNEXPECTED_FILE: 'Send the file in the form field "file"',
  LIMIT_PART_COUNT: 'The upload form has too many parts',
  LIMIT_FIELD_COUNT: 'The upload form has too many fields',
  LIMIT_FIELD_KEY: 'A form field name is too long',
  LIMIT_FIELD_VALUE: 'A form field value is too long',
};

/**
 * Receives `multipart/form-data` (`file`, `userId`) for the upload route: refuses an oversize
 * body by its Content-Length before reading it, streams the file through the sniffing engine
 * into DATA_DIR/tmp, and removes the temp file once the route is done, whatever the outcome.
 * Runs after VisitorGuard, so an anonymous upload is refused before its body is read.
 */
@Injectable()
export class UploadInterceptor implements NestInterceptor {
  private readonly receive: RequestHandler;
  private readonly tmpDir: string;

  constructor(config: AppConfig) {
    this.tmpDir = path.join(config.dataDir, 'tmp');
    const storage = new SniffingUploadStorage(this.tmpDir, (req: UploadRequest) => {
      // a form that names its user before the file is refused before the file is written
      const named: unknown = (req.body as Record<string, unknown> | undefined)?.userId;
      if (named !== undefined && named !== '' && String(named) !== String(req.visitor?.id)) throw forbidden();
    });
    this.receive = multer({
      storage,
      defParamCharset: 'utf8', // browsers send UTF-8 file names
      limits: {
        fileSize: VIDEO_MAX_BYTES,
        files: 1,
        fields: 4,
        parts: 6,
        fieldSize: 1024,
        fieldNameSize: 100,
        headerPairs: 100,
      },
    }).single('file');
  }

  async intercept(ctx: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const req = ctx.switchToHttp().getRequest<UploadRequest>();
    const res = ctx.switchToHttp().getResponse<Response>();
    const length = req.headers['content-length'];
    assertRequestSize(length === undefined ? undefined : Number(length));
    if (!req.is('multipart/form-data')) {
      throw badRequest('Send the upload as multipart/form-data with the fields "file" and "userId"');
    }
    await new Promise<void>((resolve, reject) =>
      this.receive(req, res, (err?: unknown) => (err ? reject(describe(err)) : resolve())),
    );
    const temp = req.file?.path;
    // awaited before the answer goes out, so a finished request never leaves a temp file behind
    const cleanUp = async () => {
      if (temp) await fs.rm(temp, { force: true });
    };
    return next.handle().pipe(
      mergeMap(async (value: unknown) => {
        await cleanUp();
        return value;
      }),
      catchError(async (err: unknown) => {
        await cleanUp();
        throw err;
      }),
    );
  }
}

function describe(err: unknown): unknown {
  if (err instanceof DomainError) return err;
  if (err instanceof MulterError) {
    // the per-type limit stops images at 10 MB first, so only a video reaches multer's cap
    if (err.code === 'LIMIT_FILE_SIZE') return new DomainError('payload_too_large', tooLargeMessage('video'));
    return badRequest(multerMessages[err.code] ?? err.message);
  }
  // busboy: malformed multipart (no boundary, truncated body)
  const message = (err as Error)?.message ?? '';
  if (/^Request (aborted|closed)$/.test(message)) return badRequest('The upload was interrupted before it finished');
  if (/multipart|boundary|unexpected end of form|malformed/i.test(message))
    return badRequest('The upload form is malformed or incomplete');
  return err;
}
