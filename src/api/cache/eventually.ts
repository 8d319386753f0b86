// A value now or later. A memory store answers at once, and a cached read built of `async` steps would pay
// a promise and a turn of the microtask queue for each of them anyway: the steps of a hit pass values on
// as they come, and only what is truly later (a shared store over the network) is awaited.

/** `T` now, or a promise of it. */
export type Eventually<T> = T | Promise<T>;

/** Whether `value` is still to come (a promise, or any thenable a store returns). */
export const isPending = <T>(value: Eventually<T>): value is Promise<T> =>
  typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';

/** `next` of `value`: at once when it is there, else once it resolves (a rejection passes on). */
export function andThen<T, R>(value: Eventually<T>, next: (value: T) => Eventually<R>): Eventually<R> {
  return isPending(value) ? value.then(next) : next(value);
}

/** The values of `values`, at once when none is pending, else once all resolve (as `Promise.all`). */
export function allOf<const T extends readonly unknown[]>(values: T): Eventually<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  type Values = { -readonly [K in keyof T]: Awaited<T[K]> };
  return values.some(isPending) ? (Promise.all(values) as Promise<Values>) : (values as unknown as Values);
}
