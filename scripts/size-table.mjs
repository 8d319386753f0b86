// Prints the size budgets as a table (min+gzip, peers external), from `size-limit --json` on dist/.
// Components, and the diff components, are measured as (core + them) minus core, as their budgets are for
// their own bytes.
// The limits guard the measured sizes against growth (docs/operating/bundle-size.md).
import { execFileSync } from 'node:child_process';
import { markdownTable } from './markdown-table.mjs';

/** Bytes the components may add to the core (min+gzip). */
const COMPONENTS_LIMIT = 11350;
/** Bytes the diff components (with jsdiff) may add to the core (min+gzip). */
const DIFF_COMPONENTS_LIMIT = 16650;

let raw;
try {
  raw = execFileSync('npx', ['size-limit', '--json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
} catch (error) {
  raw = error.stdout; // size-limit exits non-zero when a budget is exceeded; the JSON is still there
}
const results = JSON.parse(raw);
const core = results[0];
const rows = results.map((entry) => [entry.name, entry.size, entry.sizeLimit, entry.passed ? 'ok' : 'OVER']);
/** Adds a row after the line named `prefix`: its bytes minus the core's, against `limit`. */
function alone(prefix, label, limit) {
  const line = results.find((entry) => entry.name.startsWith(prefix));
  if (!core || !line) return;
  const own = line.size - core.size;
  rows.splice(rows.findIndex((row) => row[0] === line.name) + 1, 0, [label, own, limit, own <= limit ? 'ok' : 'OVER']);
}
alone('core + components', 'components alone (the line above minus core)', COMPONENTS_LIMIT);
alone('core + diff components', 'diff components alone, with jsdiff (the line above minus core)', DIFF_COMPONENTS_LIMIT);
console.log(markdownTable('Bundle sizes', [['bundle (min+gzip, peers external)', 'bytes', 'budget', ''], ...rows]));
process.exit(rows.every((row) => row[3] === 'ok') ? 0 : 1);
