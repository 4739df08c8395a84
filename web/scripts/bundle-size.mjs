// Measures the JavaScript each prerendered page loads before interaction
// (its module script plus modulepreload hints, gzip-compressed), and each
// route's own chunks beyond the shared entry. Exits non-zero over budget.
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
    if (entry.isDirectory() && entry.name !== 'assets') out.push(...(await htmlFiles(p)));
    else if (entry.name.endsWith('.html')) out.push(p);
  }
  return out;
}

function scripts(html) {
  const re = /<(?:script[^>]*type="module"[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/([^"]+\.js)"/g;
  return [...html.matchAll(re)].map((m) => m[1]);
}

const entry = scripts(await readFile(join(dist, 'index.html'), 'utf8')).find((f) => /assets\/index-/.test(f));
const entrySize = await gz(entry);
let failed = false;
const rows = [];
for (const file of await htmlFiles(dist)) {
  const js = scripts(await readFile(file, 'utf8'));
  let initial = 0;
  let own = 0;
  for (const f of js) {
    initial += await gz(f);
    if (f !== entry) own += await gz(f);
  }
  const page = '/' + relative(dist, file).replace(/(^|\/)index\.html$/, '');
  rows.push({ page, initial, own });
  if (initial > maxInitial || own > maxRoute) failed = true;
}
rows.sort((a, b) => b.initial - a.initial);
const kb = (n) => (n / 1024).toFixed(1).padStart(6) + ' KB';
console.log(`shared entry ${entry}: ${kb(entrySize)} gzip`);
console.log('page'.padEnd(44) + 'before interaction   route chunks');
for (const r of rows) console.log(r.page.padEnd(44) + kb(r.initial) + '        ' + kb(r.own));
const all = (await readdir(join(dist, 'assets'))).filter((f) => f.endsWith('.js'));
const largest = (await Promise.all(all.map(async (f) => [f, await gz('assets/' + f)]))).sort((a, b) => b[1] - a[1]);
console.log('largest chunks:', largest.slice(0, 5).map(([f, s]) => `${f} ${kb(s).trim()}`).join(', '));
if (failed) {
  console.error(`over budget: before interaction > ${kb(maxInitial).trim()} or a route's own chunks > ${kb(maxRoute).trim()}`);
  process.exit(1);
}
