import type { User } from './user.js';

export interface UserRepository {
  findById(id: string): Promise<User | null>;
  findByIds(ids: readonly string[]): Promise<User[]>;
  /** Reads the user afresh and locks them until the unit of work ends (for changes that must not race). */
  findForUpdate(id: string): Promise<User | null>;
  /**
   * How many administrators there are, read under a lock held until the unit of work ends, so two
   * concurrent demotions cannot both see a second administrator.
   */
  countAdminsForRoleChange(): Promise<number>;
  save(user: User): Promise<void>;
  /**
   * Stores a user seen for the first time, unless a concurrent request already did; returns the
   * stored user either way. The identity provider owns emails, so a stale claim on the same email
   * by another (deleted and re-created) account is released.
   */
  registerIfAbsent(user: User): Promise<User>;
}
