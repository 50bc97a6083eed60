/**
 * No two files of the service (`src/`), of the web client (`web/src/`) or of the rules both share
 * (`domain/`) import each other, directly
 * or round a circle, type imports included: a piece both sides need lives where both can import it
 * (docs/architecture.md). Reads the imports with the TypeScript compiler's own pre-processor.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import * as ts from 'typescript';

const ROOT = resolve(__dirname, '../..');

function sources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The project file an import names (relative, or `@/` for web/src), or null for a package. */
function target(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@/') ? join(ROOT, 'web/src', specifier.slice(2)) : specifier.startsWith('.') ? resolve(dirname(from), specifier) : null;
  if (!base) return null;
  const found = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((candidate) => existsSync(candidate));
  return found ?? null;
}

/** The import circles among the files (Tarjan's strongly connected components of more than one file). */
function circles(files: string[]): string[][] {
  const edges = new Map(
    files.map((file) => {
      const imports = ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles;
      return [file, imports.map((entry) => target(file, entry.fileName)).filter((path): path is string => !!path)];
    }),
  );
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file) ?? []) {
      if (!edges.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(relative(ROOT, member));
    } while (member !== file);
    if (component.length > 1) found.push(component.sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return found;
}

describe('Import structure', () => {
  it.each(['domain', 'src', 'web/src'])('%s has no import circle', (folder) => {
    expect(circles(sources(join(ROOT, folder)))).toEqual([]);
  });

  it('domain/ is pure: it imports only its own files (no package, no service or app code)', () => {
    const domain = join(ROOT, 'domain');
    // its own files and data (a catalogue's JSON), wherever they are inside domain/
    const own = (file: string, name: string) => name.startsWith('.') && resolve(dirname(file), name).startsWith(`${domain}/`);
    // pure libraries the rules are written with (no I/O, no globals): RFC 5545 recurrence
    const PURE_PACKAGES = new Set(['rrule-temporal']);
    // tests may also use fast-check and Node's own modules (reading the catalogue's icon files)
    const forTests = (name: string) => name === 'fast-check' || name.startsWith('node:');
    const outside = sources(domain).flatMap((file) =>
      ts
        .preProcessFile(readFileSync(file, 'utf8'), true, true)
        .importedFiles.map((entry) => entry.fileName)
        .filter((name) => !own(file, name) && !PURE_PACKAGES.has(name) && !(file.endsWith('.spec.ts') && forTests(name)))
        .map((name) => `${relative(ROOT, file)} imports ${name}`),
    );
    expect(outside).toEqual([]);
  });
});
