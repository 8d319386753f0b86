// The package from the outside on the current majors: examples/msw3-app (Node 26 from the npm registry,
// msw 3, Vitest 5, TypeScript 7) installs the `npm pack` tarball with a plain `npm install` (no
// --legacy-peer-deps, no --force), then type-checks and runs the docs' "Test your app with our mocks"
// recipe. Everything after the app's own `npm ci` runs on the app's Node. Needs `npm run build` first.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const app = join(root, 'examples/msw3-app');
const appPackage = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8'));
const expectedNode = Object.values(appPackage.optionalDependencies)[0];
const expectedMsw = appPackage.devDependencies.msw;

const checks = [];
function check(name, ok, detail = '') {
  checks.push({ name, ok });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${!ok && detail ? `\n${detail}` : ''}`);
}

/** Runs a command to completion; `onAppNode` puts the app's node_modules/.bin (its Node 26) first on PATH. */
function run(command, args, { cwd = app, onAppNode = true } = {}) {
  const PATH = onAppNode ? `${join(app, 'node_modules/.bin')}:${process.env.PATH}` : process.env.PATH;
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, PATH } });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

function mustRun(command, args, options) {
  const result = run(command, args, options);
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.output}`);
  return result.output;
}

rmSync(join(app, '.pack'), { recursive: true, force: true });
mkdirSync(join(app, '.pack'));
const tarball = mustRun('npm', ['pack', '--silent', '--pack-destination', join(app, '.pack')], { cwd: root, onAppNode: false })
  .trim()
  .split('\n')
  .at(-1);
// The app as committed, before the library: its lockfile, installed by this machine's npm.
mustRun('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { onAppNode: false });

const node = run('node', ['-p', 'process.versions.node']);
check(`the app runs on Node ${expectedNode}`, node.output.trim() === expectedNode, node.output);

// What a user runs: add the library to an app that has msw 3.
const install = run('npm', ['install', '--no-save', '--no-audit', '--no-fund', `./.pack/${tarball}`]);
check('npm install of the tarball beside msw 3 exits 0', install.status === 0, install.output);
check('npm install reports no peer conflict', !/ERESOLVE|peer dep|conflicting peer|invalid peer/i.test(install.output), install.output);
const tree = run('npm', ['ls', '--all']);
check('npm ls: the installed tree is valid (no invalid or missing peer)', tree.status === 0, tree.output.split('\n').filter((line) => /invalid|missing|ERR/i.test(line)).join('\n'));
const installedMsw = JSON.parse(readFileSync(join(app, 'node_modules/msw/package.json'), 'utf8')).version;
check(`msw ${expectedMsw} is the msw installed`, installedMsw === expectedMsw, installedMsw);

const types = run('npm', ['run', 'typecheck']);
check("TypeScript 7 accepts the recipe against the package's declarations and msw 3's types", types.status === 0, types.output);

const results = join(app, '.pack/vitest.json');
const vitest = run('npm', ['test', '--', '--reporter=default', '--reporter=json', `--outputFile.json=${results}`]);
const report = JSON.parse(readFileSync(results, 'utf8'));
for (const file of report.testResults) {
  for (const test of file.assertionResults) check(`recipe (Vitest 5): ${test.title}`, test.status === 'passed', test.failureMessages.join('\n'));
}
check('recipe: Vitest exits 0', vitest.status === 0 && report.numTotalTests > 0, vitest.output);

// The recipe the app runs is the one the docs show, character for character.
const recipe = readFileSync(join(app, 'src/mocks.test.tsx'), 'utf8');
const docsDirectory = join(root, 'docs');
// Every page, in every folder of docs/.
const docs = ['README.md', ...(existsSync(docsDirectory) ? readdirSync(docsDirectory, { recursive: true, encoding: 'utf8' }) : []).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];
const shownIn = docs.filter((path) => readFileSync(join(root, path), 'utf8').includes(`\`\`\`tsx\n${recipe}\`\`\``));
check('the docs show this recipe verbatim', shownIn.length > 0, `src/mocks.test.tsx is not a \`\`\`tsx block of ${docs.join(', ')}`);

const failed = checks.filter((entry) => !entry.ok).length;
console.log(`${checks.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
