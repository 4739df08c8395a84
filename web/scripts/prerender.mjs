// Prerenders every static route of the app into dist/, writes the route
// manifest the Go server reads (dist/routes.json), the not-found page
// (dist/404.html) and the shell for dynamic routes (dist/spa.html).
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const ssrDir = join(root, 'dist-ssr');
const notFoundProbe = '/__signalpipe_not_found__';

const template = await readFile(join(dist, 'index.html'), 'utf8');
const manifest = JSON.parse(await readFile(join(dist, '.vite', 'manifest.json'), 'utf8'));
const { render, routeList, headTags, baseUrlToken } = await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href);

/** The chunks a page module needs, for modulepreload hints (the entry is already loaded). */
function preloadsFor(pages) {
  const files = new Set();
  const inTemplate = (file) => template.includes(`/${file}"`);
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || files.has(chunk.file)) return;
    files.add(chunk.file);
    (chunk.imports ?? []).forEach(visit);
  };
  for (const page of pages) visit(join('src/app', page).replaceAll('\\', '/'));
  return [...files].filter((f) => !inTemplate(f)).map((f) => `<link rel="modulepreload" crossorigin href="/${f}" />`);
}

function page(head, html) {
  if (!template.includes('<!--app-head-->') || !template.includes('<!--app-html-->')) {
    throw new Error('dist/index.html lost its <!--app-head--> or <!--app-html--> marker');
  }
  return template.replace('<!--app-head-->', head).replace('<!--app-html-->', html);
}

async function write(file, contents) {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, contents);
}

const staticRoutes = routeList.filter((r) => !r.path.includes(':'));
for (const route of staticRoutes) {
  const result = await render(route.path);
  if (result.status !== 200) throw new Error(`${route.path}: rendered status ${result.status}`);
  const head = [result.head, ...preloadsFor(result.pages)].join('\n    ');
  const file = route.path === '/' ? join(dist, 'index.html') : join(dist, route.path, 'index.html');
  await write(file, page(head, result.html));
}

const missing = await render(notFoundProbe);
await write(join(dist, '404.html'), page([missing.head, ...preloadsFor(missing.pages)].join('\n    '), missing.html));

// Dynamic routes get the shell: the client renders them on arrival.
await write(
  join(dist, 'spa.html'),
  page(headTags({ title: 'Signalpipe', description: routeList[0].description }, baseUrlToken + '/'), ''),
);

await write(join(dist, 'routes.json'), JSON.stringify({ routes: routeList.map((r) => r.path) }, null, 2) + '\n');

await rm(join(dist, '.vite'), { recursive: true, force: true });
await rm(ssrDir, { recursive: true, force: true });
console.log(`prerendered ${staticRoutes.length} routes, 404.html and spa.html`);
