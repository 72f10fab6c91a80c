import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Response } from 'express';
import type { Observable } from 'rxjs';
import { isAdminRoute } from './admin-routes.js';

/**
 * Admin answers show the live state and may carry personal data: no browser or proxy keeps them.
 * Global, for the same routes the admin guard covers, so no admin route can forget it.
 */
@Injectable()
export class AdminNoCacheInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() === 'http' && isAdminRoute(this.reflector, ctx)) {
      const res = ctx.switchToHttp().getResponse<Response>();
      res.setHeader('Cache-Control', 'no-store, no-cache, must-revalidate, max-age=0');
      res.setHeader('Pragma', 'no-cache');
      res.setHeader('Expires', '0');
    }
    return next.handle();
  }
}
