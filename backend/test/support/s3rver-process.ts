import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type TestS3, withBucket } from './s3rver.js';

const backendDir = path.resolve(import.meta.dirname, '..', '..');

// s3rver signs ListObjectsV2 continuation tokens with DES, which OpenSSL 3 only has in its legacy provider
const SERVER = `
const S3rver = require('s3rver');
const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: process.argv[1] });
server.run().then((a) => process.stdout.write(JSON.stringify({ port: a.port }) + '\\n'));
process.on('SIGTERM', () => server.close().then(() => process.exit(0)));
`;

/**
 * s3rver in a child process started with --openssl-legacy-provider, so a bucket of more than one
 * page (1000 objects) can be listed, as on real S3. Same shape as startS3().
 */
export async function startS3Process(bucket = 'vibe-test'): Promise<TestS3> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vibe-s3p-'));
  const child = spawn(process.execPath, ['--openssl-legacy-provider', '-e', SERVER, dir], {
    cwd: backendDir,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n')) resolve((JSON.parse(line!) as { port: number }).port);
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code}) before listening`)));
  });
  return withBucket(bucket, port, async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  });
}
