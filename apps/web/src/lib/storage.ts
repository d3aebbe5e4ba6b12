/** The part of the Web Storage API the app uses; tests pass an in-memory one. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function createMemoryStorage(initial: Record<string, string> = {}): KeyValueStorage {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (k) => (map.has(k) ? map.get(k)! : null),
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
  };
}

/**
 * The browser's localStorage, or memory when it is unavailable (private modes that throw, or
 * Node in unit tests), so nothing at module load time depends on a browser.
 */
export function browserStorage(): KeyValueStorage {
  try {
    const s = globalThis.localStorage;
    if (s) {
      const probe = '__sunstamp_probe__';
      s.setItem(probe, '1');
      s.removeItem(probe);
      return s;
    }
  } catch {
    /* fall through to memory */
  }
  return createMemoryStorage();
}
