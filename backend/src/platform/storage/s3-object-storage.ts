import { failedAt } from '../dependency-errors.js';
import {
  BucketAlreadyOwnedByYou,
  type BucketLocationConstraint,
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Readable } from 'node:stream';
import {
  isSafeKey,
  ObjectNotFoundError,
  ObjectStorage,
  type ByteRange,
  type ObjectBody,
  type StoredObject,
} from './object-storage.js';

/** S3's smallest multipart part; objects up to this size go in one request when their size is known. */
const PART_SIZE = 5 * 1024 * 1024;

export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

const isMissing = (err: unknown) =>
  err instanceof NoSuchKey ||
  err instanceof NotFound ||
  (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode === 404;

const SILENT = { trace() {}, debug() {}, info() {}, warn() {}, error() {} };

/** S3 or an S3-compatible server (MinIO, s3rver) when S3_ENDPOINT is set. */
export class S3ObjectStorage extends ObjectStorage {
  readonly provider = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly endpoint?: string;
  private readonly region: string;

  constructor(settings: S3Settings) {
    super();
    this.bucket = settings.bucket;
    this.endpoint = settings.endpoint;
    this.region = settings.region;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      // MinIO-style servers route by path, not by bucket sub-domain
      forcePathStyle: Boolean(settings.endpoint),
      // newer SDKs add CRC checksums that S3-compatible servers often reject
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // without a logger the SDK warns on console as bare text (a failed streamed upload); the
      // error itself is thrown and logged as JSON with its request
      logger: SILENT,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
    });
  }

  async put(key: string, body: Readable, contentType: string, size?: number): Promise<void> {
    this.assertKey(key);
    try {
      await this.upload(key, body, contentType, size);
    } catch (err) {
      // a streamed upload's socket error comes bare: it is the object store that is away
      throw failedAt('storage', err);
    }
  }

  private async upload(key: string, body: Readable, contentType: string, size?: number): Promise<void> {
    if (size !== undefined && size <= PART_SIZE) {
      // one request with a known length streams straight through; the multipart path below
      // would first collect a whole part, i.e. the whole of every photo, in memory
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: size,
        }),
      );
      return;
    }
    // multipart upload: the body streams through in 5 MB parts, never whole in memory
    await new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body, ContentType: contentType },
      queueSize: 2,
      partSize: PART_SIZE,
    }).done();
  }

  async get(key: string, range?: ByteRange): Promise<ObjectBody> {
    this.assertKey(key);
    try {
      const out = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      const total = out.ContentRange ? Number(out.ContentRange.split('/')[1]) : Number(out.ContentLength ?? 0);
      return { stream: out.Body as Readable, size: total };
    } catch (err) {
      if (isMissing(err)) throw new ObjectNotFoundError(key);
      throw err;
    }
  }

  async stat(key: string): Promise<StoredObject | null> {
    this.assertKey(key);
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { key, size: Number(out.ContentLength ?? 0), lastModified: out.LastModified ?? new Date(0) };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    this.assertKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async *list(prefix?: string): AsyncIterable<StoredObject> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix || undefined, ContinuationToken: token }),
      );
      for (const o of page.Contents ?? []) {
        if (o.Key) yield { key: o.Key, size: Number(o.Size ?? 0), lastModified: o.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  /** Creates the bucket when it is missing (deployment set-up; the API never calls this). */
  async ensureBucket(): Promise<'created' | 'exists'> {
    try {
      await this.ping();
      return 'exists';
    } catch (err) {
      if (!isMissing(err)) throw err;
    }
    try {
      await this.client.send(
        new CreateBucketCommand({
          Bucket: this.bucket,
          // AWS itself wants the region named outside us-east-1; S3-compatible servers take the default
          CreateBucketConfiguration:
            !this.endpoint && this.region !== 'us-east-1'
              ? { LocationConstraint: this.region as BucketLocationConstraint }
              : undefined,
        }),
      );
    } catch (err) {
      // another bucket-init got there first
      if (err instanceof BucketAlreadyOwnedByYou) return 'exists';
      throw err;
    }
    return 'created';
  }

  destroy(): void {
    this.client.destroy();
  }

  /** Unfinished multipart uploads are invisible to listings; the bucket's lifecycle rule aborts them. */
  async removeIncomplete(): Promise<number> {
    return 0;
  }

  private assertKey(key: string): void {
    if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
  }
}
