/**
 * `options` without the keys whose value is `undefined`: an option passed as `undefined` (a wrapper's
 * `{ retry: props.retry }`) means "not given", so it must not override the library's policy when spread
 * over it. TanStack reads an own `undefined` as a value: `retry: undefined` falls back to its 3 retries,
 * `staleTime: undefined` to 0.
 */
export function givenOptions<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<T>;
}
