import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The import rules no linter checks here: areas of functions/ depend one way (a floor imports only
 * lower floors), a repo imports no other area, and a web feature imports no other feature.
 */
const root = resolve(import.meta.dirname, '../..');
const functionsDir = join(root, 'functions');
const featuresDir = join(root, 'web', 'src', 'features');

/** Each area's floor: an area may import areas on lower floors only (and itself). */
const floors: Record<string, number> = {
  routes: 0,
  contract: 0,
  shared: 1,
  users: 2,
  http: 3,
  gateway: 4,
  audit: 4,
  mail: 4,
  catalog: 4,
  content: 4,
  wallet: 5,
  auth: 6,
  orders: 6,
  vouchers: 6,
  payments: 7,
  platform: 7,
  admin: 8,
};

/** Areas a repo may import besides its own: the shared floor. */
const repoMayImport = new Set(['shared', 'contract']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The relative modules a file imports or re-exports, statically or dynamically, resolved to paths. */
function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [
    ...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((match) => match[1] ?? match[2]!);
  return specifiers.filter((specifier) => specifier.startsWith('.')).map((specifier) => resolve(dirname(file), specifier));
}

/** The area of a path under functions/: its first folder, or the file's name at the top (routes). */
const areaOf = (path: string) => relative(functionsDir, path).split(sep)[0]!.replace(/\.ts$/, '');

const functionFiles = sourceFiles(functionsDir);

describe('functions/ areas', () => {
  it('names every area on a floor', () => {
    const areas = new Set(functionFiles.map(areaOf));
    expect([...areas].filter((area) => !(area in floors))).toEqual([]);
  });

  it('import only areas on lower floors', () => {
    const upward: string[] = [];
    for (const file of functionFiles) {
      const from = areaOf(file);
      for (const target of relativeImports(file)) {
        const to = areaOf(target);
        if (to !== from && !(floors[to]! < floors[from]!)) upward.push(`${relative(root, file)} → ${to}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('keep each repo to its own area and the shared floor', () => {
    const crossing: string[] = [];
    for (const file of functionFiles.filter((path) => path.endsWith(`${sep}repo.ts`))) {
      const from = areaOf(file);
      for (const target of relativeImports(file)) {
        const to = areaOf(target);
        if (to !== from && !repoMayImport.has(to)) crossing.push(`${relative(root, file)} → ${to}`);
      }
    }
    expect(crossing).toEqual([]);
  });

  it('catches an upward import (the rule is not vacuous)', () => {
    const ordersService = join(functionsDir, 'orders', 'service.ts');
    expect(relativeImports(ordersService).map(areaOf)).toContain('wallet');
    expect(floors.wallet! < floors.orders!).toBe(true);
    expect(floors.payments! < floors.orders!).toBe(false);
  });
});

describe('web features', () => {
  it('never import another feature', () => {
    const crossing: string[] = [];
    for (const file of sourceFiles(featuresDir)) {
      const feature = relative(featuresDir, file).split(sep)[0];
      for (const target of relativeImports(file)) {
        const inside = relative(featuresDir, target);
        if (!inside.startsWith('..') && inside.split(sep)[0] !== feature) crossing.push(`${relative(root, file)} → ${inside}`);
      }
    }
    expect(crossing).toEqual([]);
  });
});
