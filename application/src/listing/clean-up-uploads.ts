import type { Clock } from '../shared/ports.js';
import type { UploadLedger } from './upload-ledger.js';
import type { ImageStore } from './image-store.js';

/** A photo no listing uses is kept this long after its upload (or last claim), then deleted. */
export const UNUSED_UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000;
const BATCH = 500;

export interface UploadCleanupReport {
  /** Photos the ledger knew that no listing used. */
  unused: number;
  /** Files on disk the ledger never heard of (a crash between store and record, or older uploads). */
  strays: number;
}

/** The scheduled cleanup: deletes photos nobody uses a day after they were uploaded. */
export class CleanUpUploads {
  constructor(
    private readonly uploads: UploadLedger,
    private readonly images: ImageStore,
    private readonly clock: Clock,
  ) {}

  async execute(): Promise<UploadCleanupReport> {
    const before = new Date(this.clock.now().getTime() - UNUSED_UPLOAD_GRACE_MS);
    let unused = 0;
    for (;;) {
      const forgotten = await this.uploads.forgetUnused(before, BATCH);
      await this.images.remove(forgotten);
      unused += forgotten.length;
      if (forgotten.length < BATCH) break;
    }
    let strays = 0;
    for await (const batch of this.images.storedBefore(before)) {
      const known = await this.uploads.known(batch);
      const stray = batch.filter((url) => !known.has(url));
      await this.images.remove(stray);
      strays += stray.length;
    }
    return { unused, strays };
  }
}
