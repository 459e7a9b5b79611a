import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * An import analyser over the project's TypeScript sources: the files of a folder, the relative
 * modules each imports, a module's top-level declarations, and the import cycles among files.
 * Used by test/unit/platform/architecture.test.ts, whose rules (floors, areas) are its own.
 */

/** The .ts and .tsx files under a folder, at any depth. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The relative modules a file imports or re-exports, statically or dynamically, resolved to paths. */
export function relativeImports(file: string, text = readFileSync(file, 'utf8')): string[] {
  const specifiers = [
    ...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((match) => match[1] ?? match[2]!);
  return specifiers.filter((specifier) => specifier.startsWith('.')).map((specifier) => resolve(dirname(file), specifier));
}

/** The top-level functions and constants of a module, by name, with their text and whether they are exported. */
export function declarations(file: string): Map<string, { text: string; exported: boolean }> {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found = new Map<string, { text: string; exported: boolean }>();
  for (const statement of source.statements) {
    const exported = ts.canHaveModifiers(statement) && !!ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (ts.isFunctionDeclaration(statement) && statement.name)
      found.set(statement.name.text, { text: statement.getText(source), exported });
    if (ts.isVariableStatement(statement))
      for (const declaration of statement.declarationList.declarations)
        if (ts.isIdentifier(declaration.name)) found.set(declaration.name.text, { text: declaration.getText(source), exported });
  }
  return found;
}

/** The file a relative import names (`./x` is `./x.ts` or `./x.tsx`), if it is one of `files`. */
export function resolveIn(files: Set<string>, path: string): string | undefined {
  return [path, `${path}.ts`, `${path}.tsx`].find((candidate) => files.has(candidate));
}

/** The import cycles among `sourceFiles` (by their relative imports): each as the files around it, named from `baseDir`. */
export function importCycles(sourceFiles: string[], baseDir: string): string[] {
  const files = new Set(sourceFiles);
  const graph = new Map(
    sourceFiles.map((file) => [
      file,
      relativeImports(file)
        .map((target) => resolveIn(files, target))
        .filter((target) => target !== undefined),
    ]),
  );
  const open = new Set<string>();
  const done = new Set<string>();
  const cycles: string[] = [];
  const visit = (file: string, trail: string[]) => {
    open.add(file);
    trail.push(file);
    for (const next of graph.get(file)!)
      if (open.has(next))
        cycles.push(
          trail
            .slice(trail.indexOf(next))
            .map((path) => relative(baseDir, path))
            .join(' → '),
        );
      else if (!done.has(next)) visit(next, trail);
    trail.pop();
    open.delete(file);
    done.add(file);
  };
  for (const file of sourceFiles) if (!done.has(file)) visit(file, []);
  return cycles;
}
