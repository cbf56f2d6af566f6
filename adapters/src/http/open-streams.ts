/**
 * The live event streams this process holds open, so that a shutdown can end each one with a hint
 * to reconnect soon (to another process) instead of cutting it: EventSource reconnects after the
 * last `retry:` it read, and resumes from its Last-Event-ID, so nothing is lost.
 */
export class OpenStreams {
  private readonly streams = new Set<(retryMs: number) => void>();

  /** Keeps `end` until the returned function is called (when the stream ends by itself). */
  add(end: (retryMs: number) => void): () => void {
    this.streams.add(end);
    return () => this.streams.delete(end);
  }

  get size(): number {
    return this.streams.size;
  }

  /** Ends every stream, telling its client to come back after `retryMs`. */
  closeAll(retryMs: number): void {
    for (const end of [...this.streams]) end(retryMs);
    this.streams.clear();
  }
}
