import { mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { ObjectStoreConfig } from '../../src/storage/s3-photo-objects.js';

export interface TestS3Server {
  endpoint: string;
  /** What the API reads to keep photos there (S3_ENDPOINT, S3_BUCKET and the credentials). */
  env: (bucket: string) => Record<string, string>;
  config: (bucket: string) => ObjectStoreConfig;
  /** Stops answering (as an outage would); `start` brings it back on the same port with its objects. */
  stop: () => Promise<void>;
  start: () => Promise<void>;
  close: () => Promise<void>;
}

/**
 * A local S3-compatible server (s3rver, speaking S3's REST protocol over HTTP, objects in a temporary
 * folder) for the real AWS SDK to talk to. Buckets are made by the code under test, as on a fresh MinIO.
 */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'voltmarket-s3-'));
  let server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const config = (bucket: string): ObjectStoreConfig => ({
    endpoint, bucket, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true,
  });
  return {
    endpoint,
    env: (bucket) => ({ S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' }),
    config,
    stop: () => server.close(),
    start: async () => {
      server = new S3rver({ address: '127.0.0.1', port, silent: true, directory });
      await server.run();
    },
    close: async () => {
      await server.close().catch(() => undefined);
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
