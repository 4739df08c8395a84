// Measures the JavaScript each prerendered page loads before interaction
// (its module script plus modulepreload hints, gzip-compressed), split into
// the shared entry and framework, shared library chunks (vendor-*) and the
// route's own chunks. Exits non-zero when / loads more than --max-initial-kb
// before interaction or any route's own chunk is over --max-route-kb.
//   node scripts/bundle-size.mjs [--max-initial-kb 120] [--max-route-kb 40]
import { readFile, readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const arg = (name, def) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const maxInitial = arg('--max-initial-kb', 120) * 1024;
const maxRoute = arg('--max-route-kb', 40) * 1024;

const sizes = new Map();
async function gz(file) {
  if (!sizes.has(file)) sizes.set(file, gzipSync(await readFile(join(dist, file)), { level: 9 }).length);
  return sizes.get(file);
}

async function htmlFiles(dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== 'assets' && entry.name !== 'templates') out.push(...(await htmlFiles(p)));
    else if (entry.name.endsWith('.html')) out.push(p);
  }
  return out;
}

function scripts(html) {
  const re = /<(?:script[^>]*type="module"[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/([^"]+\.js)"/g;
  return [...new Set([...html.matchAll(re)].map((m) => m[1]))];
}

const shared = (f) => /assets\/(index|react|vendor-[a-z]+)-/.test(f);
const entry = scripts(await readFile(join(dist, 'index.html'), 'utf8')).find((f) => /assets\/index-/.test(f));
const entrySize = await gz(entry);
let failed = false;
const rows = [];
for (const file of await htmlFiles(dist)) {
  const js = scripts(await readFile(file, 'utf8'));
  let initial = 0;
  let own = 0;
  let largest = 0;
  for (const f of js) {
    const size = await gz(f);
    initial += size;
    if (!shared(f)) {
      own += size;
      largest = Math.max(largest, size);
    }
  }
  const page = '/' + relative(dist, file).replace(/(^|\/)index\.html$/, '');
  rows.push({ page, initial, own, largest });
  if ((page === '/' && initial > maxInitial) || largest > maxRoute) failed = true;
}
rows.sort((a, b) => b.initial - a.initial);
const kb = (n) => (n / 1024).toFixed(1).padStart(6) + ' KB';
console.log(`shared entry ${entry}: ${kb(entrySize)} gzip`);
console.log('page'.padEnd(40) + 'before interaction   own chunks   largest own chunk');
for (const r of rows) console.log(r.page.padEnd(40) + kb(r.initial) + '        ' + kb(r.own) + '   ' + kb(r.largest));
const all = (await readdir(join(dist, 'assets'))).filter((f) => f.endsWith('.js'));
const largest = (await Promise.all(all.map(async (f) => [f, await gz('assets/' + f)]))).sort((a, b) => b[1] - a[1]);
console.log(
  'largest chunks:',
  largest
    .slice(0, 5)
    .map(([f, s]) => `${f} ${kb(s).trim()}`)
    .join(', '),
);
if (failed) {
  console.error(`over budget: / loads > ${kb(maxInitial).trim()} before interaction, or a route chunk > ${kb(maxRoute).trim()}`);
  process.exit(1);
}
