/** Fixed-size bit sets over Uint32Array words: holders combine their sources by OR. */
export function newBitset(size: number): Uint32Array {
  return new Uint32Array((size + 31) >>> 5);
}

export function setBit(bits: Uint32Array, i: number): void {
  bits[i >>> 5] |= 1 << (i & 31);
}

export function hasBit(bits: Uint32Array, i: number): boolean {
  return (bits[i >>> 5] & (1 << (i & 31))) !== 0;
}

export function orInto(target: Uint32Array, source: Uint32Array): void {
  for (let w = 0; w < source.length; w++) target[w] |= source[w];
}

/** Calls `fn` for every set bit, in increasing order. */
export function forEachBit(bits: Uint32Array, fn: (i: number) => void): void {
  for (let w = 0; w < bits.length; w++) {
    let word = bits[w];
    while (word !== 0) {
      const low = word & -word;
      fn((w << 5) + 31 - Math.clz32(low));
      word ^= low;
    }
  }
}
