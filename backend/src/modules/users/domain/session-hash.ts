import { createHash } from 'node:crypto';

/** What the sessions table keeps of a session id: its SHA-256, so a database read hands out no live credential. */
export const sessionHash = (sessionId: string) => createHash('sha256').update(sessionId).digest('hex');
