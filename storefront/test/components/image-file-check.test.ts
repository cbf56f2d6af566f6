import { describe, expect, it } from 'vitest';
import { checkImageFile, MAX_IMAGE_BYTES } from '../../src/features/listings/components/image-uploader';

/** A file with `size` bytes of content. */
const fileOf = (name: string, type: string, size: number): File => new File([new Uint8Array(size)], name, { type });

describe('checking an image before upload', () => {
  it('has a 5 MB limit', () => {
    expect(MAX_IMAGE_BYTES).toBe(5_242_880);
  });

  it('refuses a GIF as an invalid file type', () => {
    expect(checkImageFile(fileOf('cat.gif', 'image/gif', 1000))).toEqual({ title: 'Invalid file type', description: 'cat.gif is not a supported image format' });
  });

  it('refuses a non-image even if it is small', () => {
    expect(checkImageFile(fileOf('notes.pdf', 'application/pdf', 10))?.title).toBe('Invalid file type');
  });

  it('refuses a JPEG one byte over 5 MB as too large', () => {
    expect(checkImageFile(fileOf('big.jpg', 'image/jpeg', MAX_IMAGE_BYTES + 1))).toEqual({ title: 'File too large', description: 'big.jpg exceeds 5MB limit' });
  });

  it('accepts a JPEG of exactly 5 MB', () => {
    expect(checkImageFile(fileOf('edge.jpg', 'image/jpeg', MAX_IMAGE_BYTES))).toBeNull();
  });

  it.each([
    ['car.png', 'image/png'],
    ['car.jpg', 'image/jpeg'],
    ['car.webp', 'image/webp'],
  ])('accepts a valid %s', (name, type) => {
    expect(checkImageFile(fileOf(name, type, 200_000))).toBeNull();
  });

  it('judges a file without a type by its name', () => {
    expect(checkImageFile(fileOf('car.JPEG', '', 1000))).toBeNull();
    expect(checkImageFile(fileOf('car.heic', '', 1000))?.title).toBe('Invalid file type');
  });
});
