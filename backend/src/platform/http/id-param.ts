import { type PipeTransform, Injectable } from '@nestjs/common';
import { badRequest } from '../domain-error.js';

/** `@Param('id', IdParam)`: a positive integer id, else 400 with a plain message. */
@Injectable()
export class IdParam implements PipeTransform<string, number> {
  transform(value: string): number {
    const n = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(n) || n < 1 || n > 2_147_483_647) throw badRequest('id must be a positive integer');
    return n;
  }
}
