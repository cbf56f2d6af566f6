/** The outside world as use cases see it; adapters implement these. */

export interface Clock {
  now(): Date;
}
