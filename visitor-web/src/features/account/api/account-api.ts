import { api } from '../../../lib/api-client';
import type { Message } from '../../../api/types';

export function sendMagicLink(body: { email: string; username: string; sessionId: string }): Promise<Message> {
  return api.post('/api/auth/send-magic-link', { body });
}

export function loginExisting(email: string): Promise<Message> {
  return api.post('/api/auth/login-existing', { body: { email } });
}
