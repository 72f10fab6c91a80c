import { type CanActivate, type ExecutionContext, Injectable, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { DomainError } from '../domain-error.js';

/** Before validation (after admin auth): a body that is not JSON answers 415, whatever it holds. */
@Injectable()
export class JsonOnlyGuard implements CanActivate {
  canActivate(ctx: ExecutionContext): boolean {
    if (!ctx.switchToHttp().getRequest<Request>().is('application/json'))
      throw new DomainError('unsupported_media_type', 'Send the request body as JSON (Content-Type: application/json)');
    return true;
  }
}

/** State-changing admin calls take JSON only: a cross-site HTML form can then never make one. */
export const RequireJson = () => UseGuards(JsonOnlyGuard);
