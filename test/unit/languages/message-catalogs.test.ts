import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The SPA's message catalogs (web/lingui.config.ts) against the code that uses them: both
 * languages have the same ids, every id the code asks for is in a catalog it loads, none is left
 * unused, and every page loads, before it renders, the catalog of every area it shows.
 */
const webDir = resolve(import.meta.dirname, '../../../web/src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The console stays English (README): its code asks for no message. */
const isConsole = (file: string) => /[\\/](?:features|routes)[\\/]admin[\\/]/.test(file);
const allFiles = sourceFiles(webDir);
const files = allFiles.filter((file) => !isConsole(file));
const texts = new Map(allFiles.map((file) => [file, readFileSync(file, 'utf8')]));

/** A PO file's ids (msgid lines; the header's empty id aside). */
const poIds = (path: string) => [...readFileSync(path, 'utf8').matchAll(/^msgid "((?:[^"\\]|\\.)+)"$/gm)].map((match) => match[1]!);

/** The catalogs: the shell's and each area's, by name. */
const catalogDirs = new Map<string, string>([
  ['shell', join(webDir, 'app', 'locales')],
  ...readdirSync(join(webDir, 'features'))
    .filter((area) => area !== 'admin')
    .map((area) => [area, join(webDir, 'features', area, 'locales')] as [string, string]),
]);
const catalogIds = new Map([...catalogDirs].map(([name, dir]) => [name, new Set(poIds(join(dir, 'en.po')))]));

const resolveSource = (file: string, specifier: string) => {
  const path = resolve(dirname(file), specifier);
  return [path, `${path}.ts`, `${path}.tsx`].find((candidate) => texts.has(candidate));
};

/** The files a file imports statically (what is evaluated with it; not types, which are erased), resolved. */
const staticImports = (file: string): string[] =>
  [...texts.get(file)!.matchAll(/(?:^|\n)\s*(?:import|export)\s(?!type\s)[^;]*?from\s+['"](\.[^'"]+)['"]/g)]
    .map((match) => resolveSource(file, match[1]!))
    .filter((path) => path !== undefined);

/** The modules a file loads on demand (`import('./…')`): pages, and parts loaded only when shown. */
const dynamicImports = (file: string): string[] =>
  [...texts.get(file)!.matchAll(/\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g)]
    .map((match) => resolveSource(file, match[1]!))
    .filter((path) => path !== undefined);

/** The catalogs a file takes its `useT`/`t` from (or, as a type, the `t` it is handed): an area's messages module, or the shell's (lib/i18n). */
function catalogsOf(file: string, withTypes = false): string[] {
  const imported = withTypes
    ? [...texts.get(file)!.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"](\.[^'"]+)['"]/g)]
        .map((match) => resolveSource(file, match[1]!))
        .filter((path) => path !== undefined)
    : staticImports(file);
  return imported.flatMap((target) => {
    const area = /[\\/]features[\\/](\w+)[\\/]messages\.ts$/.exec(target)?.[1];
    if (area) return [area];
    return target === join(webDir, 'lib', 'i18n.ts') ? ['shell'] : [];
  });
}

/** The ids a file asks for: `t('…')`, `<Trans id="…">`. */
const idsUsedBy = (file: string) =>
  [...texts.get(file)!.matchAll(/\bt\(\s*['"]([\w.-]+)['"]|<Trans\s[^>]*?\bid="([\w.-]+)"/g)].map((match) => match[1] ?? match[2]!);

/** Every file a file evaluates with it, itself included. */
function reachable(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const next of staticImports(file)) reachable(next, seen);
  return seen;
}

/**
 * The catalogs a module loads before it renders: a page's or a dialog's `export const messages =
 * [aMessages, …]` (loaded with it: lib/i18n.ts `withMessages`), the entry's `loadMessages(shellMessages)`.
 */
const loadedBy = (file: string) =>
  [...(/(?:export const messages = \[|loadMessages\()([^)\]]*)/.exec(texts.get(file)!)?.[1] ?? '').matchAll(/(\w+)Messages/g)].map(
    (match) => match[1]!,
  );

const entry = join(webDir, 'main.tsx');
const pages = files.filter((file) => file.startsWith(join(webDir, 'app', 'routes') + sep));
/** Every module loaded on demand, with the files that load it. */
const loadedOnDemand = new Map<string, string[]>();
// The console's pages too: one may show a shopper's component (the site settings' popup preview).
for (const file of allFiles)
  for (const target of dynamicImports(file)) loadedOnDemand.set(target, [...(loadedOnDemand.get(target) ?? []), file]);

describe('the message catalogs', () => {
  it('have the same ids in Bengali and English, in every catalog', () => {
    for (const [name, dir] of catalogDirs) {
      const english = poIds(join(dir, 'en.po'));
      expect(english.length, `${name} has messages`).toBeGreaterThan(0);
      expect(new Set(english).size, `${name}: no id twice`).toBe(english.length);
      expect(poIds(join(dir, 'bn.po')).sort(), name).toEqual([...english].sort());
    }
  });

  it('hold every id the code asks for, in a catalog the asking file takes its words from', () => {
    const missing: string[] = [];
    for (const file of files) {
      const catalogs = catalogsOf(file, true);
      for (const id of idsUsedBy(file))
        if (!catalogs.some((name) => catalogIds.get(name)?.has(id)))
          missing.push(`${relative(webDir, file)}: ${id} (in ${catalogs.join(', ') || 'no catalog'})`);
    }
    expect(missing).toEqual([]);
  });

  it('hold no id the code never asks for', () => {
    const used = new Set(files.flatMap(idsUsedBy));
    const unused = [...catalogIds].flatMap(([name, ids]) => [...ids].filter((id) => !used.has(id)).map((id) => `${name}: ${id}`));
    expect(unused).toEqual([]);
  });

  it('are loaded, before anything renders, for every area the entry, a page or a part loaded on demand shows', () => {
    const gaps: string[] = [];
    for (const start of [entry, ...loadedOnDemand.keys()]) {
      const needed = new Set([...reachable(start)].flatMap((file) => catalogsOf(file)));
      // The entry loads its catalogs for every page; a part loaded on demand, its own or its loader's.
      const loaded = new Set([...loadedBy(entry), ...loadedBy(start), ...(loadedOnDemand.get(start) ?? []).flatMap(loadedBy)]);
      for (const name of needed) if (!loaded.has(name)) gaps.push(`${relative(webDir, start)} shows ${name} without loading it`);
    }
    expect(gaps).toEqual([]);
    expect(pages.filter((page) => loadedOnDemand.has(page)).length).toBeGreaterThan(25);
  });
});
