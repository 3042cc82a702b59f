/**
 * UTF-8 bytes of a JSON text assembled from pieces: byte pieces made once and reused (a rule's head and sources
 * in a trace) and short strings made per answer (values, ids), copied once into one buffer of the right size.
 * Concatenating strings instead builds a rope of hundreds of parts that node must flatten and encode again
 * before it reaches the socket.
 */
export class JsonBytes {
  readonly #parts: Array<Uint8Array | string> = [];
  #length = 0;

  /** A piece already encoded. */
  bytes(piece: Uint8Array): void {
    this.#parts.push(piece);
    this.#length += piece.byteLength;
  }

  /** A piece known to be ASCII (numbers, booleans, punctuation), so its byte length is its length. */
  ascii(piece: string): void {
    this.#parts.push(piece);
    this.#length += piece.length;
  }

  /** Any text (strings a household gave may hold any character). */
  text(piece: string): void {
    this.#parts.push(piece);
    this.#length += Buffer.byteLength(piece, 'utf8');
  }

  toBuffer(): Buffer {
    const out = Buffer.allocUnsafe(this.#length);
    let offset = 0;
    for (const part of this.#parts) {
      if (typeof part === 'string') offset += out.write(part, offset, 'utf8');
      else {
        out.set(part, offset);
        offset += part.byteLength;
      }
    }
    return out;
  }
}

/** A string's UTF-8 bytes, for pieces made once and reused. */
export function utf8(text: string): Buffer {
  return Buffer.from(text, 'utf8');
}
