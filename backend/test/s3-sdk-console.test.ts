import net from 'node:net';
import { Readable } from 'node:stream';
import { S3ObjectStorage } from '../src/platform/storage/s3-object-storage.js';

/**
 * The AWS SDK writes some warnings to console as bare text unless given a logger ("An error was
 * encountered in a non-retryable streaming request." when a streamed upload fails): a line that
 * is not JSON in the API's output. The failure itself is thrown and logged with its request.
 */
describe('S3 storage writes nothing to the console itself', () => {
  it('a streamed upload the server cuts off fails without a console line', async () => {
    // an "S3 server" that drops every connection once the request starts arriving
    const server = net.createServer((socket) => socket.once('data', () => socket.destroy()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    const storage = new S3ObjectStorage({
      bucket: 'vibe-media',
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
    });
    const written: unknown[][] = [];
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((m) =>
      vi.spyOn(console, m).mockImplementation((...args: unknown[]) => void written.push(args)),
    );
    try {
      const body = Buffer.alloc(64 * 1024, 1);
      await expect(
        storage.put('uploads/a.bin', Readable.from([body]), 'application/octet-stream', body.length),
      ).rejects.toThrow();
      expect(written).toEqual([]);
    } finally {
      for (const spy of spies) spy.mockRestore();
      storage.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
