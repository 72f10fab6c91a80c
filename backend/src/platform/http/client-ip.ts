import type { Request } from 'express';

/**
 * The client's address as Express resolved it from `TRUSTED_PROXIES` (`trust proxy`): only a
 * configured proxy may name the client in X-Forwarded-For. Every limit, log and audit row reads it here.
 */
export const clientIp = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? 'unknown';
