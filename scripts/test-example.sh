#!/usr/bin/env bash
# Installs an example app, examples/vite-app (the default) or examples/next-app, from the `npm pack`
# tarball (not a path alias), type-checks and builds it, then runs its end-to-end check in Chromium
# against the loopback mock server. Needs `npm run build` first.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
example=${1:-vite-app}
dir="examples/$example"
rm -rf "$dir/.pack" && mkdir -p "$dir/.pack"
tarball=$(npm pack --silent --pack-destination "$dir/.pack" | tail -n 1)
cd "$dir"
npm ci --no-audit --no-fund
npm install --no-save --no-audit --no-fund "./.pack/$tarball"
# `next build` type-checks the Next.js app itself.
if [ "$example" = vite-app ]; then ../../node_modules/.bin/tsc -p tsconfig.json; fi
npm run build
node e2e.mjs
