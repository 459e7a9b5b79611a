import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { projectRoot } from './paths';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface AssetSize {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface RouteChunk {
  /** The route module, e.g. `src/app/routes/category.tsx`. */
  route: string;
  /** Whether it belongs to the operators' console (loaded only under /admin). */
  admin: boolean;
  /** The route's own chunk (the goal's figure). */
  js: AssetSize;
  /** Its own CSS files. */
  css: AssetSize[];
  /** Everything a visit to it loads beyond the first load: its chunk, the shared chunks it imports and their CSS, gzip bytes. */
  loadsBeyondFirstGzipBytes: number;
  /** The shared chunks among those. */
  sharedChunks: string[];
}

export interface SpaReport {
  outDir: string;
  /** What index.html makes the browser fetch before anything lazy. */
  firstLoad: {
    html: AssetSize;
    js: AssetSize[];
    css: AssetSize[];
    jsGzipBytes: number;
    cssGzipBytes: number;
    /** The shell's messages in each language, which the start script preloads for a visit in that language (web/first-page.ts). */
    catalogs: Record<string, AssetSize[]>;
    /** The first load's JS in each language: the files above and that language's shell catalog. */
    jsGzipBytesByLanguage: Record<string, number>;
  };
  routes: RouteChunk[];
  buildSeconds: number;
}

/**
 * Builds the SPA as it ships (production mode, Vite's manifest on) into a folder of its own (the
 * developer's web/dist is never touched) and measures the first load and each route's chunk.
 * Sizes are gzip level 9 of the built files.
 */
export function buildAndMeasureSpa(log: (line: string) => void = () => {}): SpaReport {
  const outDir = mkdtempSync(join(tmpdir(), 'bench-web-'));
  const vite = join(projectRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  const started = performance.now();
  execFileSync(
    process.execPath,
    [vite, 'build', '--config', 'web/vite.config.ts', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'],
    {
      cwd: projectRoot,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const buildSeconds = Math.round((performance.now() - started) / 100) / 10;
  log(`built the SPA in ${buildSeconds} s`);
  return { ...measureSpa(outDir), buildSeconds };
}

export function measureSpa(outDir: string): Omit<SpaReport, 'buildSeconds'> {
  const manifestFile = join(outDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`No Vite manifest in ${outDir}`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const size = (file: string): AssetSize => {
    const data = readFileSync(join(outDir, file));
    return { file, bytes: data.length, gzipBytes: gzipSync(data, { level: 9 }).length };
  };

  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const referenced = (pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1]!.replace(/^\//, ''));
  // Each file once: the entry may be both the module script and a preload, and is fetched once.
  const firstJs = [
    ...new Set([
      ...referenced(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
      ...referenced(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
    ]),
  ].map(size);
  const firstCss = referenced(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g).map(size);
  const firstFiles = new Set([...firstJs, ...firstCss].map((asset) => asset.file));

  const byKey = (key: string) => manifest[key];
  const routes: RouteChunk[] = Object.entries(manifest)
    .filter(([, chunk]) => chunk.isDynamicEntry && chunk.src?.startsWith('src/app/routes/'))
    .map(([, chunk]) => {
      // The static imports a visit loads beyond the first load, and their CSS.
      const files = new Set<string>();
      const shared: string[] = [];
      const visit = (entry: ManifestChunk, own: boolean) => {
        if (firstFiles.has(entry.file) || files.has(entry.file)) return;
        files.add(entry.file);
        if (!own) shared.push(entry.file);
        for (const css of entry.css ?? []) if (!firstFiles.has(css)) files.add(css);
        for (const key of entry.imports ?? []) {
          const imported = byKey(key);
          if (imported && !imported.isEntry) visit(imported, false);
        }
      };
      visit(chunk, true);
      return {
        route: chunk.src!,
        admin: chunk.src!.startsWith('src/app/routes/admin/'),
        js: size(chunk.file),
        css: (chunk.css ?? []).map(size),
        loadsBeyondFirstGzipBytes: [...files].reduce((sum, file) => sum + size(file).gzipBytes, 0),
        sharedChunks: shared,
      };
    })
    .sort((a, b) => b.js.gzipBytes - a.js.gzipBytes);

  const shell = /"shell":(\{[^}]*\})/.exec(html)?.[1];
  if (!shell) throw new Error('index.html names no shell catalogs (web/first-page.ts)');
  const catalogs = Object.fromEntries(
    Object.entries(JSON.parse(shell) as Record<string, string[]>).map(([language, files]) => [language, files.map(size)]),
  );
  const jsGzipBytes = firstJs.reduce((sum, asset) => sum + asset.gzipBytes, 0);
  return {
    outDir,
    firstLoad: {
      html: size('index.html'),
      js: firstJs,
      css: firstCss,
      jsGzipBytes,
      cssGzipBytes: firstCss.reduce((sum, asset) => sum + asset.gzipBytes, 0),
      catalogs,
      jsGzipBytesByLanguage: Object.fromEntries(
        Object.entries(catalogs).map(([language, files]) => [
          language,
          jsGzipBytes + files.reduce((sum, asset) => sum + asset.gzipBytes, 0),
        ]),
      ),
    },
    routes,
  };
}
