// The attacker of `npm run bench:handler`, in a process of its own so that reading its answers never
// delays the visitor's clock: list requests at a fixed rate, whether or not the last ones were answered
// (open loop), in turn a list, a revalidation of it (`If-None-Match: *`, an empty 304 back), the list
// with versions and its revalidation. Reports how many it sent and how many were answered.
import { Agent, request } from 'node:http';

const { base, rate, durationMs } = JSON.parse(process.argv[2] ?? '{}') as { base: string; rate: number; durationMs: number };
const agent = new Agent({ keepAlive: true, maxSockets: 256 });
const turns: { path: string; headers: Record<string, string> }[] = [
  { path: '/api/prompt-api/prompts', headers: {} },
  { path: '/api/prompt-api/prompts', headers: { 'if-none-match': '*' } },
  { path: '/api/prompt-api/prompts?include_versions=true', headers: {} },
  { path: '/api/prompt-api/prompts?include_versions=true', headers: { 'if-none-match': '*' } },
];
let sent = 0;
let answered = 0;
let failed = 0;
const statuses: Record<string, number> = {};

function fire(): void {
  const turn = turns[sent++ % turns.length]!;
  const outgoing = request(`${base}${turn.path}`, { agent, headers: turn.headers }, (response) => {
    response.on('data', () => {});
    response.on('end', () => {
      answered++;
      statuses[response.statusCode ?? 0] = (statuses[response.statusCode ?? 0] ?? 0) + 1;
    });
  });
  outgoing.on('error', () => failed++);
  outgoing.end();
}

const timer = setInterval(fire, 1000 / rate);
setTimeout(() => {
  clearInterval(timer);
  // Answers still on their way are counted for a while, then the run reports.
  setTimeout(() => {
    process.send?.({ sent, answered, failed, statuses });
  }, 3000);
}, durationMs);
process.on('disconnect', () => process.exit(0));
