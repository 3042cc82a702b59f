/** Fixed-size bit sets over document numbers: the search index's candidate sets. */

export type Bits = Uint32Array;

export function emptyBits(size: number): Bits {
  return new Uint32Array((size + 31) >>> 5);
}

export function fullBits(size: number): Bits {
  const bits = emptyBits(size);
  bits.fill(0xffffffff);
  const extra = bits.length * 32 - size;
  if (extra > 0) bits[bits.length - 1] = 0xffffffff >>> extra;
  return bits;
}

export function setBits(bits: Bits, docs: ArrayLike<number>): void {
  for (let i = 0; i < docs.length; i++) {
    const d = docs[i];
    bits[d >>> 5] |= 1 << (d & 31);
  }
}

export function hasBit(bits: Bits, doc: number): boolean {
  return (bits[doc >>> 5] & (1 << (doc & 31))) !== 0;
}

export function andInto(target: Bits, other: Bits): void {
  for (let i = 0; i < target.length; i++) target[i] &= other[i];
}

export function forEachBit(bits: Bits, visit: (doc: number) => void): void {
  for (let w = 0; w < bits.length; w++) {
    let word = bits[w];
    while (word !== 0) {
      const low = word & -word;
      visit((w << 5) + (31 - Math.clz32(low)));
      word ^= low;
    }
  }
}
