/** A stored photo's difference hash and who uploaded it. */
export interface PhotoHashRecord {
  url: string;
  uploaderId: string;
  hash: bigint;
  at: Date;
}

/** Another seller's photo close to one of ours, and the listing that shows it. */
export interface PhotoUsedElsewhere {
  url: string;
  listingId: number;
  distance: number;
}

/** Where other sellers' listings are looked for. */
export interface PhotoLookup {
  /**
   * The listing's photo being looked up: only photos hashed no later than it count, so the seller a
   * picture was copied from is not flagged for showing it again after the copy appeared.
   */
  photoUrl: string;
  /** The seller whose own listings never count. */
  sellerId: string;
  /** The listing being screened, left out (an edit screens a listing already stored). */
  listingId: number;
  /** Sold, pending and rejected listings count when they changed after this; live ones always. */
  since: Date;
  maxDistance: number;
}

/** The difference hashes of stored photos, and the search for near-duplicates among other sellers' listings. */
export interface PhotoHashes {
  /** Keeps a photo's hash (a photo already known keeps its first). */
  record(photo: PhotoHashRecord): Promise<void>;
  /** The hashes known for these photos. */
  find(urls: readonly string[]): Promise<Map<string, bigint>>;
  /** Photos within `maxDistance` bits of `hash` shown by other sellers' live or recent listings. */
  usedByOthers(hash: bigint, lookup: PhotoLookup): Promise<PhotoUsedElsewhere[]>;
}
