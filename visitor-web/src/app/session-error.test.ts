import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { sessionErrorText } from './session-error';

const refused = (status: number, message: string) =>
  new ApiError(status, JSON.stringify({ statusCode: status, error: 'quota_exceeded', message }), `${status}: …`);

describe('sessionErrorText', () => {
  it("shows the server's reason when a new session was refused for the network's quota", () => {
    const message = 'Too many new sessions were started from your network in the last hour; try again in 41 minutes';
    expect(sessionErrorText(refused(429, message))).toBe(message);
  });

  it('keeps the connection text for outages and network errors', () => {
    expect(sessionErrorText(refused(503, 'The service is unavailable for a moment, try again shortly'))).toBe(
      "We couldn't start your session. Check your connection and try again.",
    );
    expect(sessionErrorText(new TypeError('Failed to fetch'))).toBe(
      "We couldn't start your session. Check your connection and try again.",
    );
  });
});
