// Prints the size budgets as a table (min+gzip, peers external), from `size-limit --json` on dist/.
// Components are measured as (core + components) minus core, as their budget is for their own bytes.
// The limits guard the measured sizes against growth (docs/development.md: Bundle size).
import { execFileSync } from 'node:child_process';
import { markdownTable } from './markdown-table.mjs';

/** Bytes the components may add to the core (min+gzip). */
const COMPONENTS_LIMIT = 7750;

let raw;
try {
  raw = execFileSync('npx', ['size-limit', '--json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
} catch (error) {
  raw = error.stdout; // size-limit exits non-zero when a budget is exceeded; the JSON is still there
}
const results = JSON.parse(raw);
const core = results[0];
const withComponents = results.find((entry) => entry.name.startsWith('core + components'));
const rows = results.map((entry) => [entry.name, entry.size, entry.sizeLimit, entry.passed ? 'ok' : 'OVER']);
if (core && withComponents) {
  const own = withComponents.size - core.size;
  rows.splice(results.indexOf(withComponents) + 1, 0, ['components alone (the line above minus core)', own, COMPONENTS_LIMIT, own <= COMPONENTS_LIMIT ? 'ok' : 'OVER']);
}
console.log(markdownTable('Bundle sizes', [['bundle (min+gzip, peers external)', 'bytes', 'budget', ''], ...rows]));
process.exit(rows.every((row) => row[3] === 'ok') ? 0 : 1);
