import { DomainError, ValidationError } from '@voltmarket/domain';
import type { ImageStore } from './image-store.js';

/** One uploaded photo as the ledger keeps it. */
export interface UploadRecord {
  /** The large rendition's path, e.g. /uploads/2026/11/<id>.webp (the thumbnail and share card go with it). */
  url: string;
  uploaderId: string;
  /** A one-way hash of the uploader's network address: guests' quota counts by it. */
  networkKey: string;
  /** Uploaded by an anonymous guest: these count against their network's allowance. */
  guest: boolean;
  bytes: number;
  at: Date;
}

/** Whose uploads a quota counts: an account's, or (for guests, who are free to mint) the guest uploads of a network. */
export type UploadCounter = { uploaderId: string } | { networkKey: string };

/**
 * Who uploaded which photo and when: a listing may only show its seller's own uploads, every
 * account has a daily allowance, and photos no listing uses are deleted after a day.
 */
export interface UploadLedger {
  record(upload: UploadRecord): Promise<void>;
  /** How many uploads count against `who` made after `since`, and when the oldest of them was made. */
  countSince(who: UploadCounter, since: Date): Promise<{ count: number; oldest: Date | null }>;
  /**
   * Claims photos for a listing about to be saved: of `urls`, those recorded (for `uploaderId`
   * only, when given) are marked in use now, so the cleanup leaves them alone; returns them.
   */
  claim(urls: readonly string[], uploaderId: string | null): Promise<Set<string>>;
  /** Of `urls`, the ones the ledger knows (tracked files; the rest on disk are strays). */
  known(urls: readonly string[]): Promise<Set<string>>;
  /** Forgets up to `limit` photos no listing uses, last uploaded or claimed before `before`; returns them. */
  forgetUnused(before: Date, limit: number): Promise<string[]>;
  /** Forgets those of `urls` that no listing uses any more (a deleted listing's photos); returns them. */
  forgetIfUnused(urls: readonly string[]): Promise<string[]>;
}

/** How many photos one account (or one guest network) may upload in 24 hours. */
export interface UploadQuota {
  perAccount: number;
  perGuestNetwork: number;
}

export const UPLOAD_QUOTA_WINDOW_MS = 24 * 60 * 60 * 1000;

export const uploadQuotaUsed = (limit: number, retryAfterSeconds: number): DomainError =>
  new DomainError(
    'quota',
    'UPLOAD_QUOTA_EXCEEDED',
    `You have uploaded ${limit} photos in the last 24 hours, the most we take in a day. You can upload more in ${waitWords(retryAfterSeconds)}.`,
    [{ field: 'image', message: `Daily limit of ${limit} photos reached` }],
    retryAfterSeconds,
  );

function waitWords(seconds: number): string {
  if (seconds < 90) return 'a minute';
  if (seconds < 90 * 60) return `${Math.round(seconds / 60)} minutes`;
  const hours = Math.round(seconds / 3600);
  return hours === 1 ? 'an hour' : `${hours} hours`;
}

/**
 * A listing shows only photos uploaded to Voltmarket by its seller (staff may add any uploaded
 * photo). Photos it already shows stay; only new ones are checked, and claimed so a cleanup
 * cannot delete them between this check and the save.
 */
export async function claimNewPhotos(ledger: UploadLedger, urls: readonly string[], existing: readonly string[], uploaderId: string | null): Promise<void> {
  const fresh = [...new Set(urls.filter((url) => !existing.includes(url)))];
  if (fresh.length === 0) return;
  const claimed = await ledger.claim(fresh, uploaderId);
  const issues = urls
    .map((url, i) => ({ url, field: `imageUrls[${i}]` }))
    .filter(({ url }) => fresh.includes(url) && !claimed.has(url))
    .map(({ field }) => ({ field, message: uploaderId ? 'Image must be a photo you uploaded' : 'Image must be a photo uploaded to Voltmarket' }));
  if (issues.length > 0) throw new ValidationError(issues);
}

/**
 * A deleted listing's photos go with it, unless another listing shows them too. Best effort after
 * the deletion: what fails here is left to the daily cleanup.
 */
export async function releasePhotos(ledger: UploadLedger, images: ImageStore, urls: readonly string[]): Promise<void> {
  try {
    await images.remove(await ledger.forgetIfUnused(urls));
  } catch {
    // The rows or files stay; CleanUpUploads removes unused ones a day after their last claim.
  }
}
