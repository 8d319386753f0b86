// Makes the visual baselines that git sees as new or changed smaller without changing a pixel: oxipng
// (through @napi-rs/image's losslessCompressPng) re-encodes each PNG losslessly, about half the bytes Vitest
// writes. `npm run test:visual:update` runs it after writing baselines; on its own:
//
//   node scripts/optimize-baselines.mjs          # the new and changed baselines
//   node scripts/optimize-baselines.mjs --all    # every baseline
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { losslessCompressPng } from '@napi-rs/image';

const BASELINES = 'test/storybook/baselines';
const { values } = parseArgs({ options: { all: { type: 'boolean', default: false } } });

/** Every PNG under `directory`. */
function pngsUnder(directory) {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    return statSync(path).isDirectory() ? pngsUnder(path) : path.endsWith('.png') ? [path] : [];
  });
}

/** The baselines git reports as added, modified or untracked. */
function changedPngs() {
  const status = execFileSync('git', ['status', '--porcelain', '--untracked-files=all', '--', BASELINES], { encoding: 'utf8' });
  return status
    .split('\n')
    .filter((line) => /^(\?\?| M|M |A |AM|MM)/.test(line))
    .map((line) => line.slice(3))
    .filter((path) => path.endsWith('.png'));
}

const files = values.all ? pngsUnder(BASELINES) : changedPngs();
let before = 0;
let after = 0;
for (const file of files) {
  const original = readFileSync(file);
  const smaller = await losslessCompressPng(original);
  before += original.length;
  if (smaller.length < original.length) {
    writeFileSync(file, smaller);
    after += smaller.length;
  } else after += original.length;
}
console.log(`${files.length} baselines: ${before} B to ${after} B`);
