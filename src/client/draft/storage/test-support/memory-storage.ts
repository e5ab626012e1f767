// Test support only: a Web Storage in memory, for the code of local storage outside a browser.

/** A Storage in memory that refuses a write once its values would pass `quota` characters. */
export function memoryStorage(quota = Infinity): Storage {
  const items = new Map<string, string>();
  const used = () => [...items.values()].reduce((sum, value) => sum + value.length, 0);
  return {
    get length() {
      return items.size;
    },
    key: (i) => [...items.keys()][i] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem(key, value) {
      if (used() - (items.get(key)?.length ?? 0) + value.length > quota)
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      items.set(key, value);
    },
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}
