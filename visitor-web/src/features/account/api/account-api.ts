import { api } from '../../../lib/api-client';

export function sendMagicLink(body: {
  email: string;
  username: string;
  sessionId: string;
}): Promise<{ message?: string }> {
  return api.post('/api/auth/send-magic-link', body);
}

export function loginExisting(email: string): Promise<{ message?: string }> {
  return api.post('/api/auth/login-existing', { email });
}
