import net from 'node:net';

/**
 * A TCP pass-through to a real server (PostgreSQL, S3) that a test can cut and restore: from the
 * app's side exactly an outage of that server (connections reset, new ones refused), while the
 * server itself, shared by other tests, keeps running.
 */
export async function startTcpProxy(targetHost: string, targetPort: number) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = net.createServer((client) => {
        const upstream = net.connect(targetPort, targetHost);
        for (const sock of [client, upstream]) {
          sockets.add(sock);
          sock.on('close', () => sockets.delete(sock));
          sock.on('error', () => sock.destroy());
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        port = (s.address() as net.AddressInfo).port;
        server = s;
        resolve();
      });
    });
  await listen();
  return {
    get port() {
      return port;
    },
    /** Resets every open connection and refuses new ones. */
    async cut(): Promise<void> {
      const s = server;
      server = null;
      for (const sock of sockets) sock.destroy();
      await new Promise<void>((resolve) => (s ? s.close(() => resolve()) : resolve()));
    },
    /** Accepts connections again, on the same port. */
    restore: listen,
    close(): Promise<void> {
      return this.cut();
    },
  };
}
