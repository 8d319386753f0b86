/**
 * A cached list to seed a query with, behind proxies that count every read of one of its items or of an
 * item's `publishedVersions`: how a test sees that a render scans the list (`find`), or that a `select`
 * ran again (it sorts an item's versions), where neither leaves any other trace.
 */
export function countedList<T extends { publishedVersions?: readonly unknown[] }>(items: readonly T[]) {
  const reads = { count: 0 };
  const counting = <A extends readonly unknown[]>(array: A): A =>
    new Proxy(array, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads.count++;
        return Reflect.get(target, key, receiver);
      },
    });
  const list = counting(items.map((item) => (item.publishedVersions ? { ...item, publishedVersions: counting(item.publishedVersions) } : item)));
  return { list, reads };
}
