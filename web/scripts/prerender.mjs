// Prerenders every static route of the app into dist/, writes the route
// manifest the Go server reads (dist/routes.json), the not-found page
// (dist/404.html), the shells of dynamic routes (dist/shell-*.html, filled
// per request by the Go server), the post page's slotted markup
// (dist/templates/) and the plain shell (dist/spa.html). The
// CSS is inlined into every page (see inlineStylesheets).
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const ssrDir = join(root, 'dist-ssr');
const notFoundProbe = '/__signalpipe_not_found__';

const template = await inlineStylesheets(await readFile(join(dist, 'index.html'), 'utf8'));
const manifest = JSON.parse(await readFile(join(dist, '.vite', 'manifest.json'), 'utf8'));
const { render, routeList, headTags, baseUrlToken, renderPostTemplates } = await import(
  pathToFileURL(join(ssrDir, 'entry-server.js')).href
);

/**
 * Replaces the build's stylesheet links with <style> elements holding the
 * CSS, so the first paint waits for no second request (the CSP allows inline
 * styles). The files stay in dist/assets for anything that links them.
 */
async function inlineStylesheets(html) {
  const links = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g)];
  if (links.length === 0) throw new Error('dist/index.html links no stylesheet to inline');
  for (const [tag, file] of links) {
    const css = (await readFile(join(dist, file), 'utf8')).trim();
    if (/<\/style/i.test(css)) throw new Error(`${file} contains </style and cannot be inlined`);
    html = html.replace(tag, () => `<style>${css}</style>`); // a '$' in the CSS is not a pattern
  }
  return html;
}

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
  // Replacer functions: a '$' in the page must not read as a pattern.
  return template.replace('<!--app-head-->', () => head).replace('<!--app-html-->', () => html);
}

/**
 * A dynamic route's shell: the route rendered without its data (layout and
 * the page's loading state), its <main> content marked as the slot the Go
 * server fills with the page's own markup (internal/webapp), and the root
 * marked for rendering over rather than hydrating, since that markup is not
 * React's. Null when the route has no <main> to fill.
 */
async function shellFor(route) {
  const result = await render(route.path.replace(/:[^/]+/g, '__signalpipe_shell__'));
  const main = /(<main id="main"[^>]*>)([\s\S]*)(<\/main>)/;
  if (!main.test(result.html)) return null;
  const html = result.html.replace(main, (_, open, inner, close) => `${open}<!--page-slot-->${inner}<!--/page-slot-->${close}`);
  const head = [result.head, ...preloadsFor(result.pages)].join('\n    ');
  const out = page(head, html);
  if (!out.includes('<div id="root">')) throw new Error('dist/index.html lost its <div id="root">');
  return out.replace('<div id="root">', '<div id="root" data-render="client">');
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
await write(join(dist, 'spa.html'), page(headTags({ title: 'Signalpipe', description: routeList[0].description }, baseUrlToken + '/'), ''));

const shells = {};
for (const route of routeList.filter((r) => r.path.includes(':'))) {
  const shell = await shellFor(route);
  if (!shell) continue;
  const name = `shell${route.path.replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '')}.html`;
  await write(join(dist, name), shell);
  shells[route.path] = name;
}

// The post page drawn with named slots, filled per request by the Go server (internal/blog/page.go).
const postTemplates = renderPostTemplates();
await write(join(dist, 'templates', 'post.html'), postTemplates.post);
await write(join(dist, 'templates', 'post-not-found.html'), postTemplates.notFound);

await write(join(dist, 'routes.json'), JSON.stringify({ routes: routeList.map((r) => r.path), shells }, null, 2) + '\n');

await rm(join(dist, '.vite'), { recursive: true, force: true });
await rm(ssrDir, { recursive: true, force: true });
console.log(`prerendered ${staticRoutes.length} routes, ${Object.keys(shells).length} dynamic route shells, 404.html and spa.html`);
