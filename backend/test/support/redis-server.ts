import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import net from 'node:net';

export interface PrivateRedis {
  url: string;
  port: number;
  /** Stops the server (SIGKILL: an outage, not a shutdown) and waits until the port is closed. */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

/** The redis-server binary (CI has it with the machine's Redis); the outage tests are skipped, and counted, without it. */
export const redisServerBin = process.env.REDIS_SERVER_BIN ?? 'redis-server';
export const haveRedisServer = spawnSync(redisServerBin, ['--version'], { stdio: 'ignore' }).status === 0;

/**
 * A Redis of this test's own on a spare port, never the machine's shared one, so the test can
 * take it away and bring it back.
 */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      redisServerBin,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'no'],
      { stdio: 'ignore' },
    );
    const exited = new Promise<never>((_, reject) =>
      child!.once('exit', (code) => reject(new Error(`redis-server exited (${code}) on port ${port}`))),
    );
    exited.catch(() => undefined);
    for (let i = 0; !(await answers(port)); i++) {
      if (child.exitCode !== null) await exited;
      if (i > 200) throw new Error(`redis-server did not answer on port ${port}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    async stop() {
      const c = child;
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      const gone = new Promise((r) => c.once('exit', r));
      c.kill('SIGKILL');
      await gone;
    },
  };
}
