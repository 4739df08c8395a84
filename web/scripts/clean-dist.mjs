// Empties web/dist before a build, keeping the committed dist/.placeholder
// that lets a fresh checkout compile and vet the Go code without a web build
// (web/embed.go embeds dist/). Vite's own emptyOutDir is off for that reason.
import { mkdir, readdir, rm } from 'node:fs/promises';
import { fileURLToPath, URL } from 'node:url';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
await mkdir(dist, { recursive: true });
for (const name of await readdir(dist)) {
  if (name === '.placeholder') continue;
  await rm(`${dist}/${name}`, { recursive: true, force: true });
}
