import { describe, expect, it } from 'vitest';
import { verificationErrorMessage } from './MagicLinkLanding';

describe('magic-link landing errors', () => {
  it('maps the codes to the spec messages', () => {
    expect(verificationErrorMessage('invalid-token')).toBe('Invalid or expired magic link');
    expect(verificationErrorMessage('expired-token')).toBe('Magic link has expired');
    expect(verificationErrorMessage('invalid-user')).toBe('User verification failed');
    expect(verificationErrorMessage('verification-failed')).toBe('Account verification failed');
    expect(verificationErrorMessage('weird')).toBe('Something went wrong');
  });
});
