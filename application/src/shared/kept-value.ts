import type { Clock } from './ports.js';

/**
 * A value read now and then, not on every request: fresh for `freshMs`, then still served for
 * `staleMs` more while one read refreshes it, so no reader waits for a read but the first (after a
 * start, or after `staleMs` without one succeeding). A failed read is not kept; the next reader past
 * freshness tries again.
 */
export class KeptValue<T> {
  private kept: { value: T; freshUntil: number } | null = null;
  // Shared, so readers arriving together start one read, not many.
  private reading: Promise<T> | null = null;

  constructor(
    private readonly read: () => Promise<T>,
    private readonly clock: Clock,
    private readonly freshMs: number,
    private readonly staleMs: number,
  ) {}

  async get(): Promise<T> {
    const now = this.clock.now().getTime();
    const kept = this.kept;
    if (kept && now < kept.freshUntil) return kept.value;
    const reading = this.refresh();
    if (kept && now < kept.freshUntil + this.staleMs) {
      reading.catch(() => undefined);
      return kept.value;
    }
    return reading;
  }

  private refresh(): Promise<T> {
    this.reading ??= this.read().then(
      (value) => {
        this.kept = { value, freshUntil: this.clock.now().getTime() + this.freshMs };
        this.reading = null;
        return value;
      },
      (err: unknown) => {
        this.reading = null;
        throw err;
      },
    );
    return this.reading;
  }
}
