import { mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalDiskImageStore } from '../../src/storage/local-disk-image-store.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'voltmarket-images-'));
const store = new LocalDiskImageStore(dir);
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

/** A phone-like photo: 3000×2000 JPEG carrying EXIF with GPS coordinates. */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCo', Model: 'X1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '6/1 27/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '3/1 23/1 0/1' } })
    .toBuffer();
}

describe('LocalDiskImageStore', () => {
  it('judges the format by content', async () => {
    expect(await store.sniffFormat(await phonePhoto())).toBe('jpeg');
    const png = await sharp({ create: { width: 4, height: 4, channels: 4, background: '#fff' } }).png().toBuffer();
    expect(await store.sniffFormat(png)).toBe('png');
    expect(await store.sniffFormat(Buffer.from('GIF89a not really'))).toBeNull();
    expect(await store.sniffFormat(Buffer.from('%PDF-1.7'))).toBeNull();
  });

  it('re-encodes to WebP in a large size and a thumbnail, without any metadata', async () => {
    const photo = await phonePhoto();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const stored = await store.store(photo);
    expect(stored.url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.webp$/);
    const large = path.join(dir, stored.url.replace('/uploads/', ''));
    const thumb = path.join(dir, stored.thumbnailUrl.replace('/uploads/', ''));
    const largeMeta = await sharp(large).metadata();
    const thumbMeta = await sharp(thumb).metadata();
    expect(largeMeta).toMatchObject({ format: 'webp', width: 1600, height: 1067 });
    expect(thumbMeta).toMatchObject({ format: 'webp', width: 480 });
    expect(largeMeta.exif).toBeUndefined();
    expect(thumbMeta.exif).toBeUndefined();
    expect(stored).toMatchObject({ width: 1600, height: 1067 });
    // Data saver's: 320 px, fewer bytes than the thumbnail; a dense phone's: 800 px, fewer than the large.
    const rendition = (size: string) => path.join(dir, stored.url.replace('/uploads/', '').replace('.webp', () => `-${size}.webp`));
    expect(await sharp(rendition('small')).metadata()).toMatchObject({ format: 'webp', width: 320 });
    expect((await fs.stat(rendition('small'))).size).toBeLessThan((await fs.stat(thumb)).size);
    expect(await sharp(rendition('medium')).metadata()).toMatchObject({ format: 'webp', width: 800 });
    expect((await fs.stat(rendition('medium'))).size).toBeLessThan((await fs.stat(large)).size);
  });

  it('makes a rendition of an older photo on first use, keeps it, and removes it with the photo', async () => {
    const stored = await store.store(await phonePhoto());
    for (const size of ['small', 'medium'] as const) {
      const file = path.join(dir, stored.url.replace('/uploads/', '').replace('.webp', () => `-${size}.webp`));
      await fs.rm(file);
      expect(await store.rendition(stored.url, size)).toBe(stored.url.replace('.webp', () => `-${size}.webp`));
      expect(await sharp(file).metadata()).toMatchObject({ width: size === 'small' ? 320 : 800 });
    }
    expect(await store.rendition(stored.thumbnailUrl, 'small')).toBeNull();
    expect(await store.rendition('/uploads/2026/11/not-here.webp', 'small')).toBeNull();
    expect(await store.rendition('/elsewhere/photo.webp', 'medium')).toBeNull();
    await store.remove([stored.url]);
    for (const size of ['small', 'medium']) await expect(fs.access(path.join(dir, stored.url.replace('/uploads/', '').replace('.webp', () => `-${size}.webp`)))).rejects.toThrow();
  });

  it('does not enlarge small pictures', async () => {
    const small = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#0a0' } }).png().toBuffer();
    const stored = await store.store(small);
    expect(await sharp(path.join(dir, stored.url.replace('/uploads/', ''))).metadata()).toMatchObject({ width: 320, height: 200 });
  });
});
