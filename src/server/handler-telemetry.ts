// What the handler tells OpenTelemetry of each request: `prompt_api.handler.requests` and
// `prompt_api.handler.duration` by kind, route, outcome and status, and a span where a trace is already
// active. The outcome is the cache's for the request's read (fresh, stale, miss, refused), which the read
// reports to the request's label; `refused` for the handler's own refusals, `error` for any 5xx.
import { type Eventually, isPending } from '../api/cache/eventually.ts';
import { afterTelemetry, record, startSpan, withActiveSpan } from '../api/cache/telemetry.ts';

/** What the handler says of a request once it knows: its kind and route (`none` for a refusal), and its read's outcome. */
export interface RequestLabel {
  kind: 'prompts' | 'composers' | 'none';
  route: 'list' | 'item' | 'pinned' | 'none';
  /** How the cache answered the request's read, when it said. */
  outcome?: string;
}

/**
 * Runs one request of the handler (`work`), measured, in a span of its own where a trace is active. A
 * `work` that answers at once (a hit) is measured at once: no turn of the microtask queue is spent on it.
 */
export function measured(work: (label: RequestLabel) => Eventually<Response>): Promise<Response> {
  return Promise.resolve(afterTelemetry(() => measuredNow(work)));
}

/** `measured`, telemetry loaded. */
function measuredNow(work: (label: RequestLabel) => Eventually<Response>): Eventually<Response> {
  const started = performance.now();
  const label: RequestLabel = { kind: 'none', route: 'none' };
  const span = startSpan('prompt_api.handler', {});
  const finish = (status: number) => {
    const outcome = status >= 500 ? 'error' : label.route === 'none' ? 'refused' : (label.outcome ?? 'miss');
    const attributes = { kind: label.kind, route: label.route, outcome, status };
    record.handler(attributes, (performance.now() - started) / 1000);
    span?.end(
      { 'prompt_api.kind': label.kind, 'prompt_api.route': label.route, 'prompt_api.outcome': outcome, 'http.response.status_code': status },
      status >= 500,
    );
  };
  let response: Eventually<Response>;
  try {
    response = withActiveSpan(span, () => work(label));
  } catch (error) {
    finish(500);
    return Promise.reject(error);
  }
  if (!isPending(response)) {
    finish(response.status);
    return response;
  }
  return response.then(
    (answered) => {
      finish(answered.status);
      return answered;
    },
    (error: unknown) => {
      finish(500);
      throw error;
    },
  );
}
