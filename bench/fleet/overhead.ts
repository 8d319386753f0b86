// What the instruments cost a request, in one process (forked by fleet.ts with tsx): a handler on a warm
// in-memory cache answers the same item again and again, with `@opentelemetry/api` not installed
// (`absent`, the baseline: without-opentelemetry.mjs), installed with no SDK registered (`no-sdk`: the
// API's no-op meter), or with the SDK and an in-memory reader (`sdk`). Sends the microseconds per request
// of each round to the parent.
import { createPromptApiClient, createPromptCache } from 'prompt-composer-react';
import { FIXTURE_KEYS } from 'prompt-composer-react/mocks';
import { startMockServer } from 'prompt-composer-react/mocks/server';
import { createPromptApiHandler } from 'prompt-composer-react/server';

const mode = process.argv[2] as 'absent' | 'no-sdk' | 'sdk';
// Imported only here: in the `absent` process the API cannot be resolved at all.
if (mode === 'sdk') (await import('./instruments.ts')).registerInMemorySdk();
const mock = await startMockServer({ port: 0 });
const client = createPromptApiClient({ baseUrl: mock.url, apiKey: FIXTURE_KEYS.free, cache: createPromptCache({ ttlMs: 3_600_000 }) });
const handler = createPromptApiHandler({ client });
const read = async () => (await handler(new Request('http://app.test/api/prompt-api/prompts/welcome-email'))).arrayBuffer();

const REQUESTS = 2000;
const rounds: number[] = [];
for (let round = 0; round < 12; round++) {
  const started = performance.now();
  for (let request = 0; request < REQUESTS; request++) await read();
  rounds.push(((performance.now() - started) * 1000) / REQUESTS);
}
await mock.close();

// The instruments' own calls, without the request around them: what one cached read records (the
// handler's counter and histogram, the cache's read event, three store operations' counter and
// histogram), 100,000 times, in nanoseconds a read.
const { loadTelemetry, record, recordEvent } = await import('../../src/api/cache/telemetry.ts');
await loadTelemetry();
const READS = 100_000;
const started = performance.now();
for (let index = 0; index < READS; index++) {
  record.handler({ kind: 'prompts', route: 'item', outcome: 'fresh', status: 200 }, 0.001);
  recordEvent({ type: 'read', url: 'https://api.test/prompts/x', kind: 'prompts', route: 'item', outcome: 'fresh', status: 200 });
  for (let operation = 0; operation < 3; operation++) recordEvent({ type: 'store', operation: 'get', outcome: 'ok', durationMs: 1 });
}
const recordNs = ((performance.now() - started) * 1_000_000) / READS;
// The first rounds warm the JIT and the cache; the rest are measured.
process.send?.({ mode, rounds: rounds.slice(2), recordNs });
process.exit(0);
