import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { type ImageStore, type RenditionSize, type ShareCard, type StoredImage, UnreadableImageError } from '@voltmarket/application';
import { photoHash } from './photo-hash.js';

const LARGE = 1600;
/** The size link previews ask for (Open Graph's 1.91:1). */
const SHARE_CARD = { width: 1200, height: 630 } as const;
/** A stored photo's path below the uploads folder, without the extension. */
const STORED_PHOTO = /^\/uploads\/((?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+)\.webp$/;
const THUMBNAIL = 480;
/**
 * Renditions added later, made on first use for older photos (lib/images.ts in the storefront):
 * data saver's (a third of a thumbnail's bytes) and a phone's at twice the density (a 360 px screen
 * needs 720 px; the 1600 px one is three times the bytes).
 */
const SIZES: Record<RenditionSize, { width: number; quality: number }> = { small: { width: 320, quality: 50 }, medium: { width: 800, quality: 72 } };
/** The renditions beside a photo's stem (`<id>.webp`): never photos of their own. */
const isRendition = (stem: string) => /-(thumb|small|medium)$/.test(stem);
/** Refuse decompression bombs: a 5 MB file may still claim billions of pixels. */
const MAX_INPUT_PIXELS = 50_000_000;

/** Keeps images as WebP files under `<dataDir>/uploads`, served by the HTTP adapter at `/uploads`. */
export class LocalDiskImageStore implements ImageStore {
  constructor(private readonly uploadsDir: string, private readonly urlPrefix = '/uploads') {}

  async sniffFormat(bytes: Uint8Array): Promise<string | null> {
    try {
      const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
      return meta.format ?? null;
    } catch {
      return null;
    }
  }

  async store(bytes: Uint8Array): Promise<StoredImage> {
    const now = new Date();
    const folder = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    const id = randomUUID();
    await fs.mkdir(path.join(this.uploadsDir, folder), { recursive: true });
    // rotate() applies the EXIF orientation; sharp drops all metadata (GPS included) on output.
    // failOn 'truncated': a cut-off upload is refused instead of stored half grey.
    const base = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' }).rotate();
    let large: { data: Buffer; info: OutputInfo };
    let thumbnail: Buffer;
    let later: [RenditionSize, Buffer][];
    try {
      large = await base.clone()
        .resize({ width: LARGE, height: LARGE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true });
      thumbnail = await base.clone()
        .resize({ width: THUMBNAIL, height: THUMBNAIL, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 75 })
        .toBuffer();
      later = await Promise.all((Object.keys(SIZES) as RenditionSize[]).map(async (size) => [size, await resized(base.clone(), size)] as [RenditionSize, Buffer]));
    } catch (err) {
      throw new UnreadableImageError(err instanceof Error ? err.message : 'unreadable image');
    }
    await fs.writeFile(path.join(this.uploadsDir, folder, `${id}.webp`), large.data);
    await fs.writeFile(path.join(this.uploadsDir, folder, `${id}-thumb.webp`), thumbnail);
    for (const [size, bytes] of later) await fs.writeFile(path.join(this.uploadsDir, folder, `${id}-${size}.webp`), bytes);
    return {
      url: `${this.urlPrefix}/${folder}/${id}.webp`,
      thumbnailUrl: `${this.urlPrefix}/${folder}/${id}-thumb.webp`,
      width: large.info.width,
      height: large.info.height,
    };
  }

  async remove(urls: readonly string[]): Promise<void> {
    for (const url of urls) {
      const stem = STORED_PHOTO.exec(url)?.[1];
      if (!stem || isRendition(stem)) continue;
      await Promise.all(RENDITIONS.map((suffix) => fs.rm(path.join(this.uploadsDir, `${stem}${suffix}`), { force: true })));
    }
  }

  async *storedBefore(before: Date): AsyncIterable<string[]> {
    const files = await fs.readdir(this.uploadsDir, { recursive: true }).catch(() => [] as string[]);
    let batch: string[] = [];
    for (const file of files) {
      const url = `${this.urlPrefix}/${file.split(path.sep).join('/')}`;
      const stem = STORED_PHOTO.exec(url)?.[1];
      if (!stem || isRendition(stem)) continue;
      const stat = await fs.stat(path.join(this.uploadsDir, file)).catch(() => null);
      if (!stat || stat.mtime >= before) continue;
      batch.push(url);
      if (batch.length === 500) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  }

  async photoHash(url: string): Promise<bigint | null> {
    const stem = STORED_PHOTO.exec(url)?.[1];
    if (!stem || isRendition(stem)) return null;
    try {
      return await photoHash(path.join(this.uploadsDir, `${stem}.webp`));
    } catch {
      return null;
    }
  }

  async shareCard(url: string): Promise<ShareCard | null> {
    const stem = STORED_PHOTO.exec(url)?.[1];
    if (!stem || isRendition(stem)) return null;
    const card = { url: `${this.urlPrefix}/${stem}-share.jpg`, ...SHARE_CARD };
    const made = await madeOnce(path.join(this.uploadsDir, `${stem}-share.jpg`), () =>
      sharp(path.join(this.uploadsDir, `${stem}.webp`)).resize({ ...SHARE_CARD, fit: 'cover' }).jpeg({ quality: 80, mozjpeg: true }).toBuffer(),
    );
    return made ? card : null;
  }

  async rendition(url: string, size: RenditionSize): Promise<string | null> {
    const stem = STORED_PHOTO.exec(url)?.[1];
    if (!stem || isRendition(stem) || !(size in SIZES)) return null;
    const made = await madeOnce(path.join(this.uploadsDir, `${stem}-${size}.webp`), () => resized(sharp(path.join(this.uploadsDir, `${stem}.webp`)), size));
    return made ? `${this.urlPrefix}/${stem}-${size}.webp` : null;
  }
}

const RENDITIONS = ['.webp', '-thumb.webp', '-small.webp', '-medium.webp', '-share.jpg'];

const resized = (image: Sharp, size: RenditionSize): Promise<Buffer> =>
  image.resize({ width: SIZES[size].width, height: SIZES[size].width, fit: 'inside', withoutEnlargement: true }).webp({ quality: SIZES[size].quality }).toBuffer();

const exists = (file: string): Promise<boolean> => fs.access(file).then(() => true, () => false);

/**
 * A rendition made from the stored photo on first use and kept: false when it cannot be made (the
 * photo is gone). Written whole under a temporary name, so nobody ever fetches half a file.
 */
async function madeOnce(target: string, make: () => Promise<Buffer>): Promise<boolean> {
  if (await exists(target)) return true;
  try {
    const bytes = await make();
    const temporary = `${target}.${randomUUID()}.tmp`;
    await fs.writeFile(temporary, bytes);
    await fs.rename(temporary, target);
    return true;
  } catch {
    return false;
  }
}
