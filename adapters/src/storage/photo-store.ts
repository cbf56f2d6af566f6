import { randomUUID } from 'node:crypto';
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { type ImageStore, type RenditionSize, type ShareCard, type StoredImage, UnreadableImageError } from '@voltmarket/application';
import { photoHash } from './photo-hash.js';
import { FolderPhotoObjects, type PhotoObjects } from './photo-objects.js';

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

/**
 * Decodes, re-encodes and keeps uploaded photos as WebP files in a PhotoObjects store (a folder or
 * an S3-compatible bucket), under URLs `/uploads/<key>` that the HTTP adapter serves.
 */
export class PhotoStore implements ImageStore {
  constructor(readonly objects: PhotoObjects) {}

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
    const stem = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}`;
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
    // The renditions first, the large one last: a listed photo always has all of them.
    await Promise.all([this.objects.put(`${stem}-thumb.webp`, thumbnail), ...later.map(([size, data]) => this.objects.put(`${stem}-${size}.webp`, data))]);
    await this.objects.put(`${stem}.webp`, large.data);
    return { url: `${PREFIX}${stem}.webp`, thumbnailUrl: `${PREFIX}${stem}-thumb.webp`, width: large.info.width, height: large.info.height };
  }

  async remove(urls: readonly string[]): Promise<void> {
    const stems = urls.map(stemOf).filter((stem): stem is string => stem !== null);
    await this.objects.remove(stems.flatMap((stem) => RENDITIONS.map((suffix) => `${stem}${suffix}`)));
  }

  async *storedBefore(before: Date): AsyncIterable<string[]> {
    for await (const objects of this.objects.list()) {
      const urls = objects.filter((o) => o.lastModified < before).map((o) => `${PREFIX}${o.key}`).filter((url) => stemOf(url) !== null);
      if (urls.length > 0) yield urls;
    }
  }

  async photoHash(url: string): Promise<bigint | null> {
    const stem = stemOf(url);
    const bytes = stem === null ? null : await this.objects.read(`${stem}.webp`).catch(() => null);
    if (!bytes) return null;
    try {
      return await photoHash(bytes);
    } catch {
      return null;
    }
  }

  async shareCard(url: string): Promise<ShareCard | null> {
    const stem = stemOf(url);
    if (stem === null) return null;
    const made = await this.madeOnce(`${stem}-share.jpg`, stem, (large) =>
      sharp(large).resize({ ...SHARE_CARD, fit: 'cover' }).jpeg({ quality: 80, mozjpeg: true }).toBuffer());
    return made ? { url: `${PREFIX}${stem}-share.jpg`, ...SHARE_CARD } : null;
  }

  async rendition(url: string, size: RenditionSize): Promise<string | null> {
    const stem = stemOf(url);
    if (stem === null || !(size in SIZES)) return null;
    const made = await this.madeOnce(`${stem}-${size}.webp`, stem, (large) => resized(sharp(large), size));
    return made ? `${PREFIX}${stem}-${size}.webp` : null;
  }

  /** A rendition made from the stored photo on first use and kept: false when it cannot be made (the photo is gone). */
  private async madeOnce(key: string, stem: string, make: (large: Buffer) => Promise<Buffer>): Promise<boolean> {
    try {
      if (await this.objects.exists(key)) return true;
      const large = await this.objects.read(`${stem}.webp`);
      if (!large) return false;
      await this.objects.put(key, await make(large));
      return true;
    } catch {
      return false;
    }
  }
}

/** The embedded default: photos as files under `<dataDir>/uploads`. */
export class LocalDiskImageStore extends PhotoStore {
  constructor(uploadsDir: string) {
    super(new FolderPhotoObjects(uploadsDir));
  }
}

const PREFIX = '/uploads/';

/** A stored photo's key without the extension; null for a rendition or what is not one of ours. */
function stemOf(url: string): string | null {
  const stem = STORED_PHOTO.exec(url)?.[1];
  return stem && !isRendition(stem) ? stem : null;
}

const RENDITIONS = ['.webp', '-thumb.webp', '-small.webp', '-medium.webp', '-share.jpg'];

const resized = (image: Sharp, size: RenditionSize): Promise<Buffer> =>
  image.resize({ width: SIZES[size].width, height: SIZES[size].width, fit: 'inside', withoutEnlargement: true }).webp({ quality: SIZES[size].quality }).toBuffer();
