// After `vite build` and `tsc -p tsconfig.build.json`: point the declarations' relative imports at .js
// (sources import './x.ts'; published declarations must say './x.js'), and ship the stylesheet.
import { copyFileSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

function declarations(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? declarations(path) : path.endsWith('.d.ts') ? [path] : [];
  });
}

let rewritten = 0;
for (const file of declarations('dist')) {
  const text = readFileSync(file, 'utf8');
  const next = text.replace(/(from\s+|import\()(['"])(\.{1,2}\/[^'"]+?)\.tsx?\2/g, (_, head, quote, path) => `${head}${quote}${path}.js${quote}`);
  if (next !== text) {
    writeFileSync(file, next);
    rewritten++;
  }
}
copyFileSync('src/styles.css', 'dist/styles.css');
// Lets TypeScript (6+ checks side-effect imports) accept `import 'prompt-composer-react/styles.css'`.
writeFileSync('dist/styles.css.d.ts', '// The stylesheet has no exports: import it for its side effect.\nexport {};\n');
console.log(`finish-build: ${rewritten} declaration files rewritten, styles.css copied`);
