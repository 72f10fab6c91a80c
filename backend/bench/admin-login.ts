import type { BenchContext } from './context.js';

/** The portal's way in: logs in as the bench's admin and answers its session token as a Bearer header. */
export async function adminBearer(ctx: Pick<BenchContext, 'baseUrl' | 'admin'>): Promise<string> {
  const login = await fetch(`${ctx.baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ctx.admin.username, password: ctx.admin.password }),
  });
  if (login.status !== 200) throw new Error(`POST /api/admin/login answered ${login.status}`);
  return `Bearer ${((await login.json()) as { token: string }).token}`;
}
