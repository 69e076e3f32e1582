#!/usr/bin/env node
/**
 * What /dashboard downloads before its first render: the JavaScript of the SPA entry and
 * everything it imports statically (recursively), gzip -9, read from the Vite manifest of
 * spa/dist. Dynamic imports (lazy pages, dialogs, menus, the toaster) are not counted.
 *
 *   node spa/scripts/entry-size.mjs [--dist spa/dist] [--max 120]
 *
 * Prints `dashboard entry JS (gzip -9): 118.4 KB [react 60.1, router 30.0, ...]` and exits 1
 * when --max (KB, 1 KB = 1000 bytes) is exceeded, 2 when the build is missing.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const option = (name) => {
  const index = args.indexOf(name);
  return index === -1 ? undefined : args[index + 1];
};
const dist = resolve(option('--dist') ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist'));
const max = option('--max') === undefined ? undefined : Number(option('--max'));
if (max !== undefined && !Number.isFinite(max)) {
  console.error('--max takes a number of KB');
  process.exit(2);
}

const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`${manifestPath} is missing: run \`npm run --prefix spa build\` (build.manifest is on in vite.config.ts)`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html'));
if (!entryKey) {
  console.error('no index.html entry in the Vite manifest');
  process.exit(2);
}

// The entry and its static imports, recursively (dynamicImports are left out on purpose).
const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
};
visit(entryKey);

// The dashboard is not lazy (DESIGN.md): check it really is in what we count.
const dashboard = Object.keys(manifest).find((key) => key.endsWith('src/app/routes/dashboard.tsx'));
if (dashboard && manifest[dashboard].isDynamicEntry) visit(dashboard);

// Also make sure index.html loads exactly this entry.
const html = readFileSync(join(dist, 'index.html'), 'utf8');
if (!html.includes(manifest[entryKey].file)) {
  console.error(`index.html does not load ${manifest[entryKey].file}: is the manifest from another build?`);
  process.exit(2);
}

const groupOf = (file) => {
  const name = file.split('/').pop().replace(/-[\w-]{8}\.js$/, '');
  return ['react', 'router', 'ui', 'swr', 'sonner'].includes(name) ? name : 'app';
};
const groups = new Map();
let total = 0;
for (const file of files) {
  if (!file.endsWith('.js')) continue;
  const size = gzipSync(readFileSync(join(dist, file)), { level: constants.Z_BEST_COMPRESSION }).length;
  total += size;
  groups.set(groupOf(file), (groups.get(groupOf(file)) ?? 0) + size);
}
const kb = (bytes) => (bytes / 1000).toFixed(1);
const parts = [...groups].sort((a, b) => b[1] - a[1]).map(([name, size]) => `${name} ${kb(size)}`);
console.log(`dashboard entry JS (gzip -9): ${kb(total)} KB [${parts.join(', ')}] in ${files.size} files`);
if (args.includes('--verbose')) for (const file of files) console.log(`  ${file}`);
if (max !== undefined && total / 1000 > max) {
  console.error(`over budget: ${kb(total)} KB > ${max} KB`);
  process.exit(1);
}
