// Waiting that a signal cuts short: the client's requests (its timeout race) and the server cache's reads.

/**
 * Settles like `promise`, or rejects with the signal's reason as soon as `signal` aborts (at once when it
 * already has). The abort listener is removed when the promise settles, so nothing is kept on a signal
 * that outlives the wait.
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
