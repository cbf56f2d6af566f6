import type { Readable } from 'node:stream';
import {
  CreateBucketCommand, DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client,
} from '@aws-sdk/client-s3';
import { contentTypeOf, PhotoStoreUnavailableError, type OpenedPhoto, PHOTO_CACHE_CONTROL, PHOTO_KEY, type PhotoObject, type PhotoObjects } from './photo-objects.js';

/** Where an S3-compatible store is and who we are to it (S3_ENDPOINT, S3_BUCKET, …). */
export interface ObjectStoreConfig {
  endpoint: string;
  bucket: string;
  region: string;
  /** Both or neither: without them the SDK's own chain is asked (AWS_ACCESS_KEY_ID, a role, …). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** `host/bucket/key` addresses, as MinIO and most S3-compatible stores want; false for `bucket.host/key`. */
  forcePathStyle: boolean;
}

/**
 * Photos as objects in an S3-compatible bucket (AWS S3, MinIO, R2, Spaces…), through the AWS SDK.
 * Each is written with its content type and a year's immutable caching, so a public bucket URL
 * (PUBLIC_MEDIA_URL) serves it with the same headers the API sends.
 */
export class S3PhotoObjects implements PhotoObjects {
  readonly kind = 'bucket';
  private readonly s3: S3Client;

  constructor(private readonly config: ObjectStoreConfig) {
    this.s3 = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
      // Checksums only where S3 requires them: several S3-compatible stores refuse the newer defaults.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A store that does not answer fails the request rather than holding it.
      requestHandler: { connectionTimeout: 2_000, requestTimeout: 15_000 },
      maxAttempts: 3,
    });
  }

  /** Creates the bucket when it is not there yet (a fresh MinIO); an existing one is left as it is. */
  async ensureBucket(): Promise<void> {
    try {
      await this.guard(this.s3.send(new HeadBucketCommand({ Bucket: this.config.bucket })));
    } catch (err) {
      if (statusOf(err) !== 404) throw err;
      await this.guard(this.s3.send(new CreateBucketCommand({ Bucket: this.config.bucket }))).catch((created: unknown) => {
        // Another process made it in the meantime.
        if (!['BucketAlreadyOwnedByYou', 'BucketAlreadyExists'].includes((created as Error).name)) throw created;
      });
    }
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    await this.guard(this.s3.send(new PutObjectCommand({
      Bucket: this.config.bucket, Key: checked(key), Body: bytes, ContentType: contentTypeOf(key), CacheControl: PHOTO_CACHE_CONTROL,
    })));
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      const answer = await this.guard(this.s3.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: checked(key) })));
      return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
    } catch (err) {
      if (statusOf(err) === 404) return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.guard(this.s3.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: checked(key) })));
      return true;
    } catch (err) {
      if (statusOf(err) === 404) return false;
      throw err;
    }
  }

  async remove(keys: readonly string[]): Promise<void> {
    // One request a key: every S3-compatible store takes it (DeleteObjects wants checksums some refuse).
    await Promise.all(keys.map((key) => this.guard(this.s3.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: checked(key) })))));
  }

  async *list(): AsyncIterable<PhotoObject[]> {
    let token: string | undefined;
    do {
      const page = await this.guard(this.s3.send(new ListObjectsV2Command({ Bucket: this.config.bucket, ContinuationToken: token, MaxKeys: 1000 })));
      const batch = (page.Contents ?? [])
        .filter((o): o is { Key: string; LastModified: Date } => typeof o.Key === 'string' && PHOTO_KEY.test(o.Key) && o.LastModified instanceof Date)
        .map((o) => ({ key: o.Key, lastModified: o.LastModified }));
      if (batch.length > 0) yield batch;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async open(key: string, ifNoneMatch?: string): Promise<OpenedPhoto | 'not-modified' | null> {
    try {
      const answer = await this.guard(this.s3.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: checked(key), IfNoneMatch: ifNoneMatch })));
      if (!answer.Body) return null;
      return {
        body: answer.Body as Readable,
        contentType: answer.ContentType ?? contentTypeOf(key),
        length: answer.ContentLength,
        etag: answer.ETag,
        lastModified: answer.LastModified,
      };
    } catch (err) {
      const status = statusOf(err);
      if (status === 304) return 'not-modified';
      if (status === 404) return null;
      throw err;
    }
  }

  async check(): Promise<void> {
    await this.guard(this.s3.send(new HeadBucketCommand({ Bucket: this.config.bucket })));
  }

  /** A 404 or 304 as S3 gave it (the callers answer those); anything else is the store being unavailable. */
  private async guard<T>(sent: Promise<T>): Promise<T> {
    try {
      return await sent;
    } catch (err) {
      const status = statusOf(err);
      if (status === 404 || status === 304 || (err as Error).name === 'BucketAlreadyOwnedByYou' || (err as Error).name === 'BucketAlreadyExists') throw err;
      throw new PhotoStoreUnavailableError(`the photo bucket ${this.config.bucket} at ${this.config.endpoint} did not answer: ${(err as Error).message}`, { cause: err });
    }
  }

  close(): void {
    this.s3.destroy();
  }
}

function checked(key: string): string {
  if (!PHOTO_KEY.test(key)) throw new Error(`not a photo key: ${key}`);
  return key;
}

function statusOf(err: unknown): number | undefined {
  return (err as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}
