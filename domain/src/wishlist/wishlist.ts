/** A listing a person saved to look at again; at most once per person. */
export interface WishlistEntry {
  readonly id: number;
  readonly userId: string;
  readonly vehicleId: number;
  /** The title when it was saved, so an entry whose listing was deleted still says what it was. */
  readonly title: string;
  readonly createdAt: Date;
}

export interface WishlistRepository {
  /** Saves the listing; when it is saved already, returns that entry unchanged with `added: false`. */
  add(entry: Omit<WishlistEntry, 'id'>): Promise<{ entry: WishlistEntry; added: boolean }>;
  remove(userId: string, vehicleId: number): Promise<boolean>;
}
