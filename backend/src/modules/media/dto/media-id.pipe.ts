import { Injectable, type PipeTransform } from '@nestjs/common';
import { badRequest } from '../../../platform/domain-error.js';
import { MAX_ID } from './media.dto.js';

const isId = (s: string) => /^[1-9]\d{0,9}$/.test(s) && Number(s) <= MAX_ID;

/** `{id}` of a media route: a positive whole number in the id column's range. */
@Injectable()
export class MediaIdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    if (!isId(value)) throw badRequest('Media id must be a positive whole number');
    return Number(value);
  }
}

const MAX_EXCLUDED = 100;

/** `?exclude=1,2,3`: recently skipped ids (a repeated parameter is accepted too). */
@Injectable()
export class ExcludeIdsPipe implements PipeTransform<unknown, number[]> {
  transform(value: unknown): number[] {
    if (value === undefined || value === '') return [];
    const parts = (Array.isArray(value) ? value : [value])
      .flatMap((v) => String(v).split(','))
      .map((s) => s.trim())
      .filter(Boolean);
    if (parts.length > MAX_EXCLUDED || !parts.every(isId)) {
      throw badRequest(`exclude must be a comma-separated list of at most ${MAX_EXCLUDED} media ids`);
    }
    return [...new Set(parts.map(Number))];
  }
}
