import type { Request } from 'express';
import { DomainError } from '../domain-error.js';

/** State-changing admin calls take JSON only: a cross-site HTML form can then never make one. */
export function requireJson(req: Request): void {
  if (!req.is('application/json'))
    throw new DomainError('unsupported_media_type', 'Send the request body as JSON (Content-Type: application/json)');
}
