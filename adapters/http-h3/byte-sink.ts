/**
 * UTF-8 bytes of one answer at a time, written into a block of memory the sink lends out with the answer and gets
 * back once the answer is on the socket (server.ts gives it back when node reports the response finished). Large
 * answers (the calculation's trace) are mostly text written once and kept as bytes. Handing node bytes spares it
 * encoding a long string on every write, which costs several times a copy when the text holds any non-ASCII
 * character; lending blocks spares a fresh 50-60 KB allocation and copy per answer, which under load cost more
 * than writing the answer (docs/benchmarks.md, session 7).
 */
export class ByteSink {
  /** A new block's size; a block doubles while an answer needs more. */
  static readonly BLOCK_BYTES = 64 * 1024;
  /** Blocks kept for reuse (answers being written at once beyond this get new blocks). */
  static readonly KEPT_BLOCKS = 16;
  /** A block grown past this (a large batch) is let go when given back rather than kept. */
  static readonly KEPT_BLOCK_BYTES = 1024 * 1024;

  #buf: Buffer<ArrayBuffer> | null = null;
  #pos = 0;
  /** Whether an answer is being written (a second one may not start inside it). */
  #open = false;
  readonly #free: Buffer<ArrayBuffer>[] = [];

  /** Starts an answer; each must end with take() (or abandon() when writing it failed). */
  begin(): void {
    if (this.#open) throw new Error('ByteSink: an answer is already being written');
    this.#open = true;
    this.#pos = 0;
    this.#buf ??= this.#free.pop() ?? Buffer.allocUnsafeSlow(ByteSink.BLOCK_BYTES);
  }

  /** Bytes made once and kept (cached pieces of text). */
  bytes(chunk: Uint8Array): void {
    const buf = this.#room(chunk.length);
    buf.set(chunk, this.#pos);
    this.#pos += chunk.length;
  }

  /** Any text, as UTF-8. */
  text(text: string): void {
    // A UTF-16 unit never takes more than 3 bytes (a surrogate pair: 4 bytes for 2 units).
    const buf = this.#room(text.length * 3);
    this.#pos += buf.write(text, this.#pos, 'utf8');
  }

  /** Text known to be ASCII (a number's digits): copied a unit at a time, cheaper than a call for a few bytes. */
  ascii(text: string): void {
    const buf = this.#room(text.length);
    let pos = this.#pos;
    for (let i = 0; i < text.length; i++) buf[pos++] = text.charCodeAt(i);
    this.#pos = pos;
  }

  /** The answer's bytes, in the block they were written in, lent until LentBytes.giveBack(). */
  take(): LentBytes {
    const block = this.#buf!;
    const lent = new LentBytes(block.buffer, block.byteOffset, this.#pos, () => this.#giveBack(block));
    this.#buf = null;
    this.#open = false;
    return lent;
  }

  /** Ends an answer without taking it (the block is written over by the next one). */
  abandon(): void {
    this.#open = false;
    this.#pos = 0;
    if (this.#buf !== null && this.#buf.length > ByteSink.KEPT_BLOCK_BYTES) this.#buf = null;
  }

  #giveBack(block: Buffer<ArrayBuffer>): void {
    if (block.length <= ByteSink.KEPT_BLOCK_BYTES && this.#free.length < ByteSink.KEPT_BLOCKS) this.#free.push(block);
  }

  #room(needed: number): Buffer<ArrayBuffer> {
    const buf = this.#buf!;
    if (this.#pos + needed <= buf.length) return buf;
    let size = buf.length * 2;
    while (size < this.#pos + needed) size *= 2;
    const grown = Buffer.allocUnsafeSlow(size);
    buf.copy(grown, 0, 0, this.#pos);
    this.#giveBack(buf);
    this.#buf = grown;
    return grown;
  }
}

/**
 * An answer's bytes in a block lent by a ByteSink. Whoever writes them to a socket gives the block back once node
 * has handed them to the system (the response's finish); in-process callers get a copy and the block goes back at
 * once (app.ts); bytes nobody gives back (a HEAD answer, a write node never reports finished) leave their block
 * to the garbage collector. Once given back, they must not be read: text() refuses.
 */
export class LentBytes extends Uint8Array {
  #giveBack: (() => void) | null;
  #givenBack = false;

  constructor(buffer: ArrayBuffer, byteOffset: number, length: number, giveBack: () => void) {
    super(buffer, byteOffset, length);
    this.#giveBack = giveBack;
  }

  /** Returns the block for reuse; these bytes must not be read afterwards. Only the first call counts. */
  giveBack(): void {
    const giveBack = this.#giveBack;
    this.#giveBack = null;
    this.#givenBack = true;
    giveBack?.();
  }

  /** The bytes as UTF-8 text. */
  text(): string {
    if (this.#givenBack) throw new Error('LentBytes: read after its block was given back');
    return Buffer.from(this.buffer, this.byteOffset, this.byteLength).toString('utf8');
  }
}
