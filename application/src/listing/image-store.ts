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
  /**
   * A rendition written beside a stored photo since it was introduced: `small` (320 px, what data
   * saver shows) or `medium` (800 px, what a phone's screen of twice the density needs). Made on first
   * use for photos stored before it existed, and kept. Its URL; null when the photo is not one of
   * ours or is gone.
   */
  rendition(url: string, size: RenditionSize): Promise<string | null>;
  /** Deletes stored photos (every rendition of each); missing ones are no error. */
  remove(urls: readonly string[]): Promise<void>;
  /**
   * The 64-bit difference hash of a stored photo (its large rendition), for finding the same picture
   * uploaded again; null when the photo is not one of ours or is gone.
   */
  photoHash(url: string): Promise<bigint | null>;
  /** Stored photos last written before `before`, a batch at a time (to find strays the ledger never heard of). */
  storedBefore(before: Date): AsyncIterable<string[]>;
}

/** The renditions made on first use for older photos (every upload gets them at once). */
export type RenditionSize = 'small' | 'medium';

export interface ShareCard {
  url: string;
  width: number;
  height: number;
}
