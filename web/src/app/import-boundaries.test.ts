// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/architecture.md §3: imports flow shared → features → app. A feature may not import
// another feature, and shared code (components, lib, config) may import no
// feature and not the app. What two features share lives in shared code.
const src = join(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((m) => m[1]);
}

/** Why `spec`, imported by `file`, breaks the rule; null when allowed. */
function violation(file: string, spec: string): string | null {
  const [area, feature] = relative(src, file).split(sep);
  const target = /^@\/features\/([^/]+)/.exec(spec)?.[1];
  if (area === 'features' && target && target !== feature) return `feature ${feature} imports feature ${target}`;
  if (['components', 'lib', 'config'].includes(area) && (target || spec.startsWith('@/app'))) return `shared ${area} imports ${spec}`;
  return null;
}

describe('import boundaries', () => {
  it('features import only themselves and shared code; shared code imports no feature', () => {
    const problems = sourceFiles(src).flatMap((file) =>
      importsOf(file)
        .map((spec) => violation(file, spec))
        .filter((v): v is string => v !== null)
        .map((v) => `${relative(src, file)}: ${v}`),
    );
    expect(problems).toEqual([]);
  });

  it('catches a cross-feature import', () => {
    expect(violation(join(src, 'features', 'blog', 'x.ts'), '@/features/admin/api/client')).toMatch(/blog imports feature admin/);
    expect(violation(join(src, 'lib', 'x.ts'), '@/features/demo/types')).toMatch(/shared lib/);
    expect(violation(join(src, 'features', 'blog', 'x.ts'), '@/lib/admin/api-client')).toBeNull();
  });
});
