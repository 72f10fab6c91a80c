import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server in this process that keeps what it receives. */
export async function startSmtp(): Promise<{
  url: string;
  inbox: ReceivedMail[];
  next(): Promise<ReceivedMail>;
  /** From now on a message is kept but not acknowledged until the returned release is called (a slow server). */
  hold(): () => void;
  close(): Promise<void>;
}> {
  const inbox: ReceivedMail[] = [];
  let gate: Promise<void> = Promise.resolve();
  const waiters: Array<(m: ReceivedMail) => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        inbox.push(mail);
        waiters.shift()?.(mail);
        void gate.then(() => callback());
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    next: () => new Promise((resolve) => waiters.push(resolve)),
    hold: () => {
      let release!: () => void;
      gate = new Promise((resolve) => (release = resolve));
      return release;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The magic link in a raw message (quoted-printable soft breaks undone). */
export function linkIn(raw: string): string {
  const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const m = text.match(/https?:\/\/[^\s"<]+\/api\/auth\/magic-link\?token=[A-Za-z0-9_-]+/);
  if (!m) throw new Error(`no magic link in message:\n${raw}`);
  return m[0];
}
