/**
 * The one bounded cache of core: a Map of at most `limit` entries; adding a key when it is full first drops the
 * entry added longest ago (insertion order, so a caller that deletes and re-adds an entry on use keeps the most
 * recently used). Reads are a plain Map's, so a hit costs what a Map lookup costs.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(readonly limit: number) {
    super();
  }

  override set(key: K, value: V): this {
    if (this.size >= this.limit && !this.has(key)) this.delete(this.keys().next().value as K);
    return super.set(key, value);
  }
}
