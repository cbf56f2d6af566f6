import { type Actor, DomainError } from '@voltmarket/domain';
import type { Clock } from '../shared/ports.js';
import { type ImageStore, type StoredImage, UnreadableImageError } from './image-store.js';
import { UPLOAD_QUOTA_WINDOW_MS, type UploadCounter, type UploadLedger, type UploadQuota, uploadQuotaUsed } from './upload-ledger.js';
import { requireActiveMember } from '../shared/guards.js';
import type { PhotoHashes } from './photo-hashes.js';

export const IMAGE_MAX_BYTES = 5_242_880;
export const IMAGE_FORMATS = ['jpeg', 'png', 'webp'] as const;

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

/**
 * A signed-in seller uploads one listing photo: JPEG, PNG or WebP judged by content, at most 5 MB,
 * within a daily allowance (guests' by network address); the ledger records who uploaded it, and
 * its difference hash is kept for the reused-photo check.
 */
export class UploadListingImage {
  constructor(
    private readonly images: ImageStore,
    private readonly uploads: UploadLedger,
    private readonly quota: UploadQuota,
    private readonly clock: Clock,
    private readonly hashes: PhotoHashes,
  ) {}

  async execute(input: { bytes: Uint8Array | null; fileName: string; networkKey: string }, actor: Actor | null): Promise<StoredImage> {
    const uploader = requireActiveMember(actor);
    const { bytes } = input;
    const name = input.fileName.trim() || 'The file';
    if (!bytes || bytes.length === 0) throw imageMissing();
    if (bytes.length > IMAGE_MAX_BYTES) throw imageTooLarge(name);
    const now = this.clock.now();
    await this.checkQuota(uploader.isGuest ? { networkKey: input.networkKey } : { uploaderId: uploader.userId }, uploader.isGuest === true, now);
    const format = await this.images.sniffFormat(bytes);
    if (!format || !(IMAGE_FORMATS as readonly string[]).includes(format)) throw imageNotSupported(name);
    let stored: StoredImage;
    try {
      stored = await this.images.store(bytes);
    } catch (err) {
      if (err instanceof UnreadableImageError) throw imageNotSupported(name);
      throw err;
    }
    await this.uploads.record({ url: stored.url, uploaderId: uploader.userId, networkKey: input.networkKey, guest: uploader.isGuest === true, bytes: bytes.length, at: now });
    // Hashed as stored, so a photo taken from another listing is found when a listing shows it.
    const hash = await this.images.photoHash(stored.url);
    if (hash !== null) await this.hashes.record({ url: stored.url, uploaderId: uploader.userId, hash, at: now });
    return stored;
  }

  private async checkQuota(who: UploadCounter, guest: boolean, now: Date): Promise<void> {
    const limit = guest ? this.quota.perGuestNetwork : this.quota.perAccount;
    const { count, oldest } = await this.uploads.countSince(who, new Date(now.getTime() - UPLOAD_QUOTA_WINDOW_MS));
    if (count < limit) return;
    const freedAt = (oldest?.getTime() ?? now.getTime()) + UPLOAD_QUOTA_WINDOW_MS;
    throw uploadQuotaUsed(limit, Math.max(1, Math.ceil((freedAt - now.getTime()) / 1000)));
  }
}
