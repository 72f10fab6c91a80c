/**
 * Services throw these; the global filter turns the code into an HTTP status. Kept free of any
 * framework import so domain code can use it.
 */
export type DomainErrorCode =
  | 'bad_request'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  /** readable, but refused by a budget (a video no phone makes) */
  | 'unprocessable'
  | 'rate_limited'
  | 'range_not_satisfiable'
  | 'unavailable';

export class DomainError extends Error {
  /**
   * `details` join the error body: `error` replaces the code's name there (a finer-grained code a
   * client can act on), other fields are added as they are (e.g. the `jobId` of a running job).
   * `retryAfterSeconds` becomes a `Retry-After` header (a 429 or 503 that will pass).
   */
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly details?: { error?: string; [field: string]: unknown },
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const badRequest = (m: string) => new DomainError('bad_request', m);
export const unauthenticated = (m = 'No session: create one with POST /api/session') =>
  new DomainError('unauthenticated', m);
export const forbidden = (m = 'You can only act on your own account') => new DomainError('forbidden', m);
export const notFound = (m: string) => new DomainError('not_found', m);
export const conflict = (m: string) => new DomainError('conflict', m);
