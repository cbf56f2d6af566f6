import { type Actor, DomainError } from '@voltmarket/domain';
import { requireSignedIn } from '../shared/guards.js';

export const IMAGE_MAX_BYTES = 5_242_880;
export const IMAGE_FORMATS = ['jpeg', 'png', 'webp'] as const;

export interface StoredImage {
  /** The large rendition a gallery shows. */
  url: string;
  thumbnailUrl: string;
  width: number;
  height: number;
}

/** Thrown by an ImageStore when the bytes looked like an image but cannot be decoded (cut off, corrupt). */
export class UnreadableImageError extends Error {}

/** Decodes, re-encodes and keeps uploaded photos. */
export interface ImageStore {
  /** The format judged from the bytes themselves, or null when they are not an image it can read. */
  sniffFormat(bytes: Uint8Array): Promise<string | null>;
  /**
   * Re-encodes without metadata (phone photos carry GPS), in a large size and a thumbnail.
   * Rejects with UnreadableImageError when the picture cannot be decoded.
   */
  store(bytes: Uint8Array): Promise<StoredImage>;
  /**
   * A JPEG card of a stored photo for link previews (WhatsApp shows no WebP), made on first use
   * and kept; null when the photo is not one of ours or is gone.
   */
  shareCard(url: string): Promise<ShareCard | null>;
}

export interface ShareCard {
  url: string;
  width: number;
  height: number;
}

export const imageTooLarge = (fileName: string): DomainError =>
  new DomainError('too_large', 'IMAGE_TOO_LARGE', `${fileName} exceeds 5MB limit`, [
    { field: 'image', message: `${fileName} exceeds 5MB limit` },
  ]);

export const imageNotSupported = (fileName: string): DomainError =>
  new DomainError('unsupported_media', 'IMAGE_NOT_SUPPORTED', `${fileName} is not a supported image format`, [
    { field: 'image', message: `${fileName} is not a supported image format` },
  ]);

export const imageMissing = (): DomainError =>
  new DomainError('validation', 'VALIDATION_FAILED', 'Choose an image to upload.', [
    { field: 'image', message: 'An image file is required' },
  ]);

/** A signed-in seller uploads one listing photo: JPEG, PNG or WebP judged by content, at most 5 MB. */
export class UploadListingImage {
  constructor(private readonly images: ImageStore) {}

  async execute(input: { bytes: Uint8Array | null; fileName: string }, actor: Actor | null): Promise<StoredImage> {
    requireSignedIn(actor);
    const { bytes } = input;
    const name = input.fileName.trim() || 'The file';
    if (!bytes || bytes.length === 0) throw imageMissing();
    if (bytes.length > IMAGE_MAX_BYTES) throw imageTooLarge(name);
    const format = await this.images.sniffFormat(bytes);
    if (!format || !(IMAGE_FORMATS as readonly string[]).includes(format)) throw imageNotSupported(name);
    try {
      return await this.images.store(bytes);
    } catch (err) {
      if (err instanceof UnreadableImageError) throw imageNotSupported(name);
      throw err;
    }
  }
}
