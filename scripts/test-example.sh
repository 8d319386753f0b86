#!/usr/bin/env bash
# Installs examples/vite-app from the `npm pack` tarball (not a path alias), type-checks and builds it,
# then runs its end-to-end check in Chromium against the loopback mock server. Needs `npm run build` first.
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf examples/vite-app/.pack && mkdir -p examples/vite-app/.pack
tarball=$(npm pack --silent --pack-destination examples/vite-app/.pack | tail -n 1)
cd examples/vite-app
npm ci --no-audit --no-fund
npm install --no-save --no-audit --no-fund "./.pack/$tarball"
../../node_modules/.bin/tsc -p tsconfig.json
npm run build
node e2e.mjs
