import type { Request } from 'express';
import { fileTypeFromBuffer } from 'file-type';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { StorageEngine } from 'multer';
import { DomainError } from '../../../platform/domain-error.js';
import { type Mp4Patch, inspectMp4 } from '../domain/mp4.js';
import {
  acceptUpload,
  assertWithinLimit,
  NOT_A_PLAYABLE_MP4,
  SNIFF_BYTES,
  type ReceivedFile,
} from '../domain/upload-policy.js';

type MulterFile = Express.Multer.File & { stream: Readable };

/**
 * A multer storage engine that sniffs the first bytes for the real type, then streams the rest
 * to a temp file and gives up as soon as that type's size limit is passed, so nothing is ever
 * buffered whole and an oversize video costs at most its limit in disk, never memory.
 * `beforeWrite` runs once the type is known (the route checks the form's userId there).
 */
export class SniffingUploadStorage implements StorageEngine {
  constructor(
    private readonly tmpDir: string,
    private readonly beforeWrite: (req: Request) => void = () => {},
  ) {}

  _handleFile(
    req: Request,
    file: Express.Multer.File,
    cb: (error?: unknown, info?: Partial<Express.Multer.File>) => void,
  ): void {
    this.receive(req, file as MulterFile).then(
      (received) => cb(null, { path: received.path, size: received.size, received } as Partial<Express.Multer.File>),
      (err: unknown) => cb(err),
    );
  }

  _removeFile(_req: Request, file: Express.Multer.File, cb: (error: Error | null) => void): void {
    if (!file.path) return cb(null);
    fs.rm(file.path, { force: true }).then(() => cb(null), cb);
  }

  private async receive(req: Request, file: MulterFile): Promise<ReceivedFile> {
    // read by hand rather than `for await`: breaking that loop would destroy busboy's stream
    const chunks = file.stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    const headParts: Buffer[] = [];
    let headLength = 0;
    let ended = false;
    while (headLength < SNIFF_BYTES) {
      const next = await chunks.next();
      if (next.done) {
        ended = true;
        break;
      }
      headParts.push(next.value);
      headLength += next.value.length;
    }
    const head = Buffer.concat(headParts);
    const type = acceptUpload(await fileTypeFromBuffer(head), file.originalname);
    assertWithinLimit(type.kind, head.length);
    this.beforeWrite(req);

    await fs.mkdir(this.tmpDir, { recursive: true });
    const target = path.join(this.tmpDir, `upload-${randomUUID()}`);
    const out = await fs.open(target, 'wx+', 0o600); // read back for the MP4 check
    let size = head.length;
    try {
      await out.write(head);
      while (!ended) {
        const next = await chunks.next();
        if (next.done) break;
        size += next.value.length;
        assertWithinLimit(type.kind, size);
        await out.write(next.value);
      }
      // a video's first box says little: the whole box structure must be an MP4's; its metadata
      // boxes (location, camera, dates) become padding in place, offsets unchanged
      if (type.kind === 'video' && (await scrubMp4(out, size)).problem) {
        throw new DomainError('unsupported_media_type', NOT_A_PLAYABLE_MP4);
      }
      await out.close();
    } catch (err) {
      await out.close().catch(() => {});
      await fs.rm(target, { force: true });
      throw err;
    }
    return { path: target, size, type, originalName: file.originalname };
  }
}

const ZEROS = Buffer.alloc(64 * 1024);

/**
 * Checks an MP4 in an open file and, when it is one, turns its metadata boxes into padding in
 * place (same size, same offsets). Answers why it is not a playable MP4 (or null), and whether
 * anything was blanked.
 */
export async function scrubMp4(
  file: fs.FileHandle,
  size: number,
): Promise<{ problem: string | null; changed: boolean }> {
  const read = async (offset: number, length: number) => {
    const buf = Buffer.alloc(length);
    const { bytesRead } = await file.read(buf, 0, length, offset);
    return buf.subarray(0, bytesRead);
  };
  const { problem, patches } = await inspectMp4(read, size);
  if (problem) return { problem, changed: false };
  // patches that would write what is already there (a file scrubbed before) change nothing
  const changed = (
    await Promise.all(
      patches.map(async (p) => {
        const now = await read(p.offset, 'bytes' in p ? p.bytes.length : p.zeros);
        return 'bytes' in p ? !now.equals(p.bytes) : now.some((b) => b !== 0);
      }),
    )
  ).some(Boolean);
  if (changed) await writePatches(file, patches);
  return { problem: null, changed };
}

/** Writes MP4 patches into an open file (zero runs in 64 KB pieces). */
async function writePatches(file: fs.FileHandle, patches: readonly Mp4Patch[]): Promise<void> {
  for (const p of patches) {
    if ('bytes' in p) {
      await file.write(p.bytes, 0, p.bytes.length, p.offset);
      continue;
    }
    for (let done = 0; done < p.zeros; done += ZEROS.length) {
      await file.write(ZEROS, 0, Math.min(ZEROS.length, p.zeros - done), p.offset + done);
    }
  }
}
