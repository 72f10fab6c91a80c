import { errorMessage, isStatus } from '../lib/api-client';

const CONNECTION_TEXT = "We couldn't start your session. Check your connection and try again.";

/**
 * The Shell's banner when no session could be started. A 429 (too many new sessions from the
 * visitor's network, SESSIONS_PER_ADDRESS_PER_HOUR) says so and when to try again, in the
 * server's words; anything else is the connection text.
 */
export function sessionErrorText(err: unknown): string {
  return isStatus(err, 429) ? errorMessage(err, CONNECTION_TEXT) : CONNECTION_TEXT;
}
