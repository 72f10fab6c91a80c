import type { NextFunction, Request, Response } from 'express';
import { badRequest } from '../domain-error.js';

/** Deeper JSON than any route takes: refused before parsing, so no validator recursion can blow the stack. */
export const MAX_JSON_DEPTH = 32;
export const NUL_MESSAGE = 'The request contains a NUL character, which no field accepts';

/**
 * body-parser `verify` hook: counts bracket depth over the raw bytes (strings skipped) and
 * refuses a body nested deeper than MAX_JSON_DEPTH with a 400, before JSON.parse runs.
 */
export function checkJsonDepth(_req: unknown, _res: unknown, buf: Buffer): void {
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (const byte of buf) {
    if (inString) {
      if (escaped) escaped = false;
      else if (byte === 0x5c) escaped = true;
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) {
      inString = true;
    } else if (byte === 0x7b || byte === 0x5b) {
      if (++depth > MAX_JSON_DEPTH) {
        throw Object.assign(new Error(`Request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`), {
          status: 400,
          type: 'entity.too.deep',
        });
      }
    } else if (byte === 0x7d || byte === 0x5d) {
      depth--;
    }
  }
}

/** True when a string, key or element anywhere in a parsed value holds U+0000 (PostgreSQL text cannot). */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\0')) return true;
    } else if (Array.isArray(v)) {
      stack.push(...v);
    } else if (v !== null && typeof v === 'object') {
      for (const [k, inner] of Object.entries(v)) {
        if (k.includes('\0')) return true;
        stack.push(inner);
      }
    }
  }
  return false;
}

/** A NUL in the path or query (`/api/ad-config/%00`) is a 400 here, not a database error later. */
export function rejectNulInUrl(req: Request, _res: Response, next: NextFunction): void {
  next(/%00|\0/i.test(req.originalUrl) ? badRequest(NUL_MESSAGE) : undefined);
}

/** The same for a parsed body (JSON `"\u0000"`, a form field). Runs after the body parsers. */
export function rejectNulInBody(req: Request, _res: Response, next: NextFunction): void {
  next(req.body !== undefined && containsNul(req.body) ? badRequest(NUL_MESSAGE) : undefined);
}
