import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { createGunzip, createGzip, type Gzip } from 'node:zlib';

/**
 * The backup file: one gzip stream of frames, read and written front to back, so neither side ever
 * holds a table or a photo whole in memory. After a magic line, each frame is a JSON header (a
 * 4-byte big-endian length, then the JSON) and a body of chunks (each a 4-byte length, then its
 * bytes), ended by an empty chunk. A body's length need not be known before it is written: COPY
 * streams a table of unknown size straight in.
 */
const MAGIC = Buffer.from('VOLTMARKET-BACKUP\n');
const MAX_HEADER = 16 * 1024 * 1024;

export class BackupFileError extends Error {}

export interface FrameHeader {
  kind: string;
  [key: string]: unknown;
}

export class BackupWriter {
  private constructor(private readonly gzip: Gzip, private readonly done: Promise<void>) {}

  static async create(file: string): Promise<BackupWriter> {
    const out = createWriteStream(file, { flags: 'wx' });
    await once(out, 'open');
    const gzip = createGzip({ level: 6 });
    gzip.pipe(out);
    const writer = new BackupWriter(gzip, finished(out));
    await writer.raw(MAGIC);
    return writer;
  }

  /** A frame whose body is the given chunks (an empty body when none). */
  async frame<H extends { kind: string }>(header: H, body: AsyncIterable<Uint8Array> | Iterable<Uint8Array> = []): Promise<void> {
    const json = Buffer.from(JSON.stringify(header));
    await this.raw(length(json.length));
    await this.raw(json);
    for await (const chunk of body) {
      if (chunk.length === 0) continue;
      await this.raw(length(chunk.length));
      await this.raw(chunk);
    }
    await this.raw(length(0));
  }

  async close(): Promise<void> {
    this.gzip.end();
    await this.done;
  }

  /** Stops writing after a failure; the caller removes the partial file. */
  abort(): void {
    this.gzip.destroy();
  }

  private async raw(bytes: Uint8Array): Promise<void> {
    if (!this.gzip.write(bytes)) await once(this.gzip, 'drain');
  }
}

const length = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

/**
 * Reads frames in order. `next()` gives a frame's header; its body must be read (`body()`) or
 * skipped (`skip()`) before the next frame.
 */
export class BackupReader {
  private readonly source: AsyncIterator<Buffer>;
  private buffered: Buffer = Buffer.alloc(0);

  private constructor(stream: AsyncIterable<Buffer>, readonly close: () => void) {
    this.source = stream[Symbol.asyncIterator]();
  }

  static async open(file: string): Promise<BackupReader> {
    const input = createReadStream(file);
    await once(input, 'open').catch((err: NodeJS.ErrnoException) => {
      throw new BackupFileError(err.code === 'ENOENT' ? `${file} does not exist` : `Cannot read ${file} (${err.message})`);
    });
    const gunzip = createGunzip();
    input.on('error', (err) => gunzip.destroy(err));
    const reader = new BackupReader(input.pipe(gunzip), () => {
      input.destroy();
      gunzip.destroy();
    });
    try {
      const magic = await reader.exact(MAGIC.length);
      if (!magic.equals(MAGIC)) throw new BackupFileError('not a backup');
    } catch (err) {
      reader.close();
      throw err instanceof BackupFileError ? new BackupFileError(`${file} is not a Voltmarket backup, or is damaged`) : err;
    }
    return reader;
  }

  async next(): Promise<FrameHeader> {
    const size = (await this.exact(4)).readUInt32BE();
    if (size === 0 || size > MAX_HEADER) throw new BackupFileError('The backup file is damaged (a frame header is out of bounds)');
    const header = JSON.parse((await this.exact(size)).toString('utf8')) as FrameHeader;
    if (typeof header.kind !== 'string') throw new BackupFileError('The backup file is damaged (a frame without a kind)');
    return header;
  }

  async *body(): AsyncGenerator<Buffer> {
    for (;;) {
      const size = (await this.exact(4)).readUInt32BE();
      if (size === 0) return;
      yield await this.exact(size);
    }
  }

  async skip(): Promise<void> {
    for await (const _chunk of this.body()) { /* read past it */ }
  }

  private async exact(n: number, what = 'the backup file ends early: it is incomplete or damaged'): Promise<Buffer> {
    while (this.buffered.length < n) {
      let step: IteratorResult<Buffer>;
      try {
        step = await this.source.next();
      } catch (err) {
        // gunzip's own checks: a cut-off file, a bad checksum, not gzip at all.
        throw new BackupFileError(`The backup file cannot be read (${err instanceof Error ? err.message : String(err)}): it is incomplete or damaged`);
      }
      if (step.done) throw new BackupFileError(what[0]!.toUpperCase() + what.slice(1));
      this.buffered = this.buffered.length === 0 ? step.value : Buffer.concat([this.buffered, step.value]);
    }
    const out = this.buffered.subarray(0, n);
    this.buffered = this.buffered.subarray(n);
    return out;
  }
}
