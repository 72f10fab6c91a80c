import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { backendDir } from './app-process.js';

/** The very SQL the built API sends per POST /api/votes: the session lookup (by the id's SHA-256), then the vote. */
export async function loadVoteSql(): Promise<{ USER_BY_SESSION_SQL: string; CAST_VOTE_SQL: string }> {
  const dist = path.join(backendDir, 'dist', 'modules');
  const { CAST_VOTE_SQL } = (await import(
    pathToFileURL(path.join(dist, 'voting', 'infrastructure', 'typeorm-vote.repository.js')).href
  )) as { CAST_VOTE_SQL: string };
  const { USER_BY_SESSION_SQL } = (await import(
    pathToFileURL(path.join(dist, 'users', 'infrastructure', 'typeorm-users.js')).href
  )) as { USER_BY_SESSION_SQL: string };
  return { USER_BY_SESSION_SQL, CAST_VOTE_SQL };
}
