import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface TestS3 {
  env: Record<string, string>;
  settings: { bucket: string; endpoint: string; region: string; accessKeyId: string; secretAccessKey: string };
  close(): Promise<void>;
}

/** A real S3 protocol server (s3rver) in this process, on a free port, with an empty bucket. */
export async function startS3(bucket = 'vibe-test'): Promise<TestS3> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vibe-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir });
  const address = (await server.run()) as AddressInfo;
  return withBucket(bucket, address.port, async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });
}

/** Creates the bucket on an s3rver at `port` and describes it for the S3 adapter and the app's env. */
export async function withBucket(bucket: string, port: number, close: () => Promise<void>): Promise<TestS3> {
  const endpoint = `http://127.0.0.1:${port}`;
  const settings = { bucket, endpoint, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const client = new S3Client({
    region: settings.region,
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  return {
    settings,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    close,
  };
}
