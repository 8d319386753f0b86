// `npm run mock-server -- --port 4010 --latency 50-80 --scenario nearLimit`: the mock API over HTTP.
import { parseArgs } from 'node:util';
import { createScenario, FIXTURE_IDS, FIXTURE_KEYS, type Latency, SCENARIO_NAMES, type ScenarioName } from '../src/mocks/index.ts';
import { startMockServer } from '../src/mocks/server.ts';

const usage = `Usage: mock-server [--port 4010] [--host 127.0.0.1] [--latency 50-80] [--scenario ${SCENARIO_NAMES.join('|')}]`;

function fail(message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(2);
}

function parseLatency(raw: string | undefined): Latency | undefined {
  if (raw === undefined) return undefined;
  const match = /^(\d+)(?:-(\d+))?$/.exec(raw);
  if (!match) fail(`Invalid --latency "${raw}": give ms, or a range such as 50-80`);
  return match[2] === undefined ? Number(match[1]) : [Number(match[1]), Number(match[2])];
}

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4010' },
    host: { type: 'string', default: '127.0.0.1' },
    latency: { type: 'string' },
    scenario: { type: 'string', default: 'happy' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) fail(`Invalid --port "${values.port}"`);
const scenario = values.scenario as ScenarioName;
if (!SCENARIO_NAMES.includes(scenario)) fail(`Unknown --scenario "${values.scenario}"`);
const settings = createScenario(scenario);
const latency = parseLatency(values.latency) ?? settings.latency;

const server = await startMockServer({
  port,
  host: values.host,
  db: settings.db,
  latency,
  faults: settings.faults,
});

console.log(`Mock Prompt API listening on ${server.url}  (scenario: ${scenario}, latency: ${JSON.stringify(latency)} ms)`);
console.log(`\nKeys:        ${Object.values(FIXTURE_KEYS).join(', ')}`);
console.log(`Prompts:     ${Object.values(FIXTURE_IDS.prompts).join(', ')}`);
console.log(`Composers:   ${Object.values(FIXTURE_IDS.composers).join(', ')}`);
console.log(`\nTry:\n  curl -i -H 'Authorization: Bearer ${FIXTURE_KEYS.free}' '${server.url}/prompts/welcome-email?version=1.0.0'`);
console.log('\nStop with Ctrl+C.');

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping the mock server.`);
  await server.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
