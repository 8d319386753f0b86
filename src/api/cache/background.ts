// The background work of every cache in this process or isolate (a stale read's refresh, store writes),
// for a platform's `waitUntil`: the handler keeps a request alive until what its reads started has landed.

const running = new Set<Promise<unknown>>();

/** Counts `work` (already made safe to await) as background work until it settles. */
export function addBackgroundWork(work: Promise<unknown>): void {
  running.add(work);
  void work.finally(() => running.delete(work));
}

/** Resolves once no cache has background work left, the work that background work starts included. */
export async function backgroundIdle(): Promise<void> {
  while (running.size > 0) await Promise.allSettled([...running]);
}
