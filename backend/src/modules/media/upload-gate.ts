import { Injectable } from '@nestjs/common';
import os from 'node:os';
import { FairGate } from '../../platform/fair-gate.js';

/**
 * The CPU-heavy part of an upload (decoding an image to prove it reads) runs through here: one
 * at a time per visitor and per address, one per spare core in all, at most 32 waiting. A
 * visitor's 4th upload in flight, or anyone's when 32 wait, is answered at once with Retry-After
 * (the visitor app retries), and a waiting upload whose client left is dropped.
 */
@Injectable()
export class UploadGate extends FairGate {
  constructor() {
    super(
      { concurrency: Math.max(1, Math.min(3, os.availableParallelism() - 1)), maxWaiting: 32, maxPerKey: 3 },
      {
        tooMany: 'Your previous uploads are still being processed; try again in a few seconds',
        busy: 'The server is busy processing uploads; try again in a moment',
      },
    );
  }
}
