/** The outside world as use cases see it; adapters implement these. */

export interface Clock {
  now(): Date;
}

/** Runs work as one transaction: every change inside commits together or not at all. */
export interface UnitOfWork {
  run<T>(work: () => Promise<T>): Promise<T>;
}
