/**
 * Counts kept in memory and written every few seconds: runs `write` every `everyMs`, one write at a
 * time (a caller may await `flush()`); `close()` stops the timer and writes what is left. `write`
 * handles its own failures (keeping what it could not write for the next run).
 */
export class PeriodicFlush {
  private readonly timer: NodeJS.Timeout;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly write: () => Promise<void>, everyMs: number) {
    this.timer = setInterval(() => void this.flush(), everyMs);
    this.timer.unref();
  }

  flush(): Promise<void> {
    this.writing = this.writing.then(() => this.write());
    return this.writing;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
