// Where the main entry's bytes go: bundles dist/index.js's exports layer by layer (api, template,
// sanitize, query, components, and the diff components with jsdiff on top, then the server cache, which
// only servers import, then the catalog's own exports: the components already bring the English words they
// show, so this adds the German catalog and the pseudo-locale) and prints what each layer adds, min+gzip
// with peers, DOMPurify and @opentelemetry/api external, as size-limit measures. Run after `npm run build`;
// `npm run bench` prints it.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { markdownTable } from './markdown-table.mjs';

const LAYERS = ['api', 'template', 'sanitize', 'query', 'components', 'components/diff', 'api/cache', 'catalog'];

// `import { a, b } from "./api/client.js";` lines of the built entry, grouped by layer.
const entry = readFileSync('dist/index.js', 'utf8');
const exportsByLayer = new Map(LAYERS.map((layer) => [layer, []]));
for (const [, names, folder, group] of entry.matchAll(/import \{([^}]*)\} from "\.\/(\w+)\/(?:(\w+)\/)?/g)) {
  // The diff components are a layer of their own (they bring jsdiff), and so is the server cache.
  const layer = (folder === 'components' && group === 'diff') || (folder === 'api' && group === 'cache') ? `${folder}/${group}` : folder;
  exportsByLayer.get(layer)?.push(...names.split(',').map((name) => name.trim()));
}

/** Min+gzip bytes of a bundle that imports `names` from dist/index.js. */
async function bundledBytes(names) {
  const result = await build({
    stdin: { contents: `export { ${names.join(', ')} } from './dist/index.js';`, resolveDir: process.cwd(), loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    external: ['react', 'react/*', 'react-dom', 'react-dom/*', '@tanstack/react-query', 'dompurify', 'msw', '@opentelemetry/api'],
    logLevel: 'silent',
  });
  return gzipSync(result.outputFiles[0].contents, { level: 9 }).length;
}

const rows = [];
const names = [];
let previous = 0;
for (const layer of LAYERS) {
  const own = exportsByLayer.get(layer);
  names.push(...own);
  const total = await bundledBytes(names);
  rows.push([`+ src/${layer}/ (${own.length} exports)`, total - previous, total]);
  previous = total;
}
console.log(markdownTable('Where the bytes go (min+gzip)', [['layer, added in this order', 'adds', 'total'], ...rows]));
