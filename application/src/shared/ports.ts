/** The outside world as use cases see it; adapters implement these. */

export interface Clock {
  now(): Date;
}

/** Runs work as one transaction: every change inside commits together or not at all. */
export interface UnitOfWork {
  run<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Runs work in a scope of its own, as a request of its own would (nothing it loads stays with the
   * caller): for long loops of independent work, such as the rows of an import.
   */
  apart<T>(work: () => Promise<T>): Promise<T>;
}
