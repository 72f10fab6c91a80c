import { Injectable, type PipeTransform } from '@nestjs/common';
import { notFound } from '../../platform/domain-error.js';
import { SHARE_ID } from './domain/share-link.js';
import { UNAVAILABLE_MESSAGE } from './share.service.js';

/** `{shareId}`: anything not shaped like one is a link to nothing (404), never a database lookup. */
@Injectable()
export class ShareIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!SHARE_ID.test(value)) throw notFound(UNAVAILABLE_MESSAGE);
    return value;
  }
}
