import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eventually } from './jobs.js';
import { linkIn } from './smtp.js';
import type { TestApp } from './test-app.js';

/**
 * The embedded mode's mail outbox (DATA_DIR/outbox, one .eml per message) as a test reads it.
 * Mail is written out of band, so a test waits for its message and picks it by recipient, never
 * by position: another test's mail may still be on its way out.
 */
export function outboxOf(t: TestApp) {
  const dir = path.join(t.dataDir, 'outbox');
  /** The finished messages, oldest first (a `.part` file is one still being written). */
  const messages = async () =>
    (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
  const read = (name: string) => readFile(path.join(dir, name), 'utf8');
  return {
    messages,
    /** The links in the outbox, once it holds `count` messages. */
    async links(count: number): Promise<string[]> {
      const names = await eventually(async () => {
        const all = await messages();
        return all.length >= count ? all : null;
      }, `${count} message(s) in the outbox`);
      return Promise.all(names.map(async (n) => linkIn(await read(n))));
    },
    /** The raw text of the newest message to `email` that was not among `before`. */
    async mailTo(email: string, before: string[]): Promise<string> {
      const to = new RegExp(`^To: .*${email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'mi');
      return eventually(async () => {
        for (const name of (await messages()).filter((n) => !before.includes(n)).reverse()) {
          const text = await read(name);
          if (to.test(text)) return text;
        }
        return null;
      }, `a message to ${email} in the outbox`);
    },
  };
}
