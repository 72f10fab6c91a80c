import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type { TestApp } from './test-app.js';

export const newSessionId = () =>
  randomBytes(24)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .padEnd(32, 'x')
    .slice(0, 32);

export interface Visitor {
  id: number;
  sessionId: string;
  username: string;
  cookie: string;
  agent: request.Agent;
}

/** A browser: an agent that keeps the session cookie, after POST /api/session. */
export async function newVisitor(t: TestApp): Promise<Visitor> {
  const agent = request.agent(t.server);
  const sessionId = newSessionId();
  const res = await agent.post('/api/session').send({ sessionId }).expect(200);
  const cookie = String(res.headers['set-cookie']).split(';')[0]!;
  return { id: res.body.id, sessionId, username: res.body.username, cookie, agent };
}
