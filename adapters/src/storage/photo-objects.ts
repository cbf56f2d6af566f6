import { createReadStream } from 'node:fs';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where the files of stored photos are kept: a folder (the embedded default) or an S3-compatible
 * bucket. A key is a photo file's path below `/uploads/`, e.g. `2026/11/<id>-thumb.webp`; the
 * URLs in the data stay `/uploads/<key>` whichever keeps the files, so moving between them is a copy.
 */
export interface PhotoObjects {
  /** `folder` or `bucket`, for the operator's logs and readiness. */
  readonly kind: 'folder' | 'bucket';
  /** Writes the whole file: nobody ever reads half of one. */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The file's bytes; null when there is none. */
  read(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  /** Deletes the files; missing ones are no error. */
  remove(keys: readonly string[]): Promise<void>;
  /** Every file with when it was last written, a batch at a time. */
  list(): AsyncIterable<PhotoObject[]>;
  /** The file to send to a browser; null when there is none, `not-modified` when its ETag matches. */
  open(key: string, ifNoneMatch?: string): Promise<OpenedPhoto | 'not-modified' | null>;
  /** Rejects when the store cannot be reached (readiness). */
  check(): Promise<void>;
}

export interface PhotoObject {
  key: string;
  lastModified: Date;
}

export interface OpenedPhoto {
  body: Readable;
  contentType: string;
  length: number | undefined;
  etag: string | undefined;
  lastModified: Date | undefined;
}

/** The photo store could not be reached or failed: the request answers 503, as for the database. */
export class PhotoStoreUnavailableError extends Error {
  override readonly name = 'PhotoStoreUnavailableError';
}

/** Photos never change once written: a browser or CDN keeps them for a year. */
export const PHOTO_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** A stored photo file's key: folders and a name of letters, digits, `-` and `_`, and an image extension. */
export const PHOTO_KEY = /^(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+\.(?:webp|jpe?g|png)$/;

export function contentTypeOf(key: string): string {
  if (key.endsWith('.webp')) return 'image/webp';
  if (key.endsWith('.png')) return 'image/png';
  return 'image/jpeg';
}

/** Photos as files under a folder (`<dataDir>/uploads`), served by the HTTP adapter at `/uploads`. */
export class FolderPhotoObjects implements PhotoObjects {
  readonly kind = 'folder';

  constructor(readonly dir: string) {}

  async put(key: string, bytes: Buffer): Promise<void> {
    const target = this.file(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID()}.tmp`;
    await fs.writeFile(temporary, bytes);
    await fs.rename(temporary, target);
  }

  async read(key: string): Promise<Buffer | null> {
    return fs.readFile(this.file(key)).catch(() => null);
  }

  async exists(key: string): Promise<boolean> {
    return fs.access(this.file(key)).then(() => true, () => false);
  }

  async remove(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => fs.rm(this.file(key), { force: true })));
  }

  async *list(): AsyncIterable<PhotoObject[]> {
    const files = await fs.readdir(this.dir, { recursive: true }).catch(() => [] as string[]);
    let batch: PhotoObject[] = [];
    for (const file of files) {
      const key = file.split(path.sep).join('/');
      if (!PHOTO_KEY.test(key)) continue;
      const stat = await fs.stat(path.join(this.dir, file)).catch(() => null);
      if (!stat?.isFile()) continue;
      batch.push({ key, lastModified: stat.mtime });
      if (batch.length === 500) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  }

  async open(key: string): Promise<OpenedPhoto | null> {
    const stat = await fs.stat(this.file(key)).catch(() => null);
    if (!stat?.isFile()) return null;
    return { body: createReadStream(this.file(key)), contentType: contentTypeOf(key), length: stat.size, etag: undefined, lastModified: stat.mtime };
  }

  async check(): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
  }

  private file(key: string): string {
    if (!PHOTO_KEY.test(key)) throw new Error(`not a photo key: ${key}`);
    return path.join(this.dir, key);
  }
}
