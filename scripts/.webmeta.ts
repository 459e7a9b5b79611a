import { build } from 'esbuild';
const r = await build({ entryPoints: ['web/src/main.tsx'], bundle: true, write: false, minify: true, format: 'esm', splitting: true, outdir: '/tmp/webmeta', metafile: true, jsx: 'automatic', loader: { '.css': 'empty', '.svg': 'file', '.woff2': 'file', '.png': 'file' }, alias: { '@contract': './functions/contract' }, external: ['*.css'], define: { 'process.env.NODE_ENV': '"production"', 'import.meta.env.DEV': 'false', 'import.meta.env.PROD': 'true' }, logLevel: 'error' });
const entry = Object.entries(r.metafile.outputs).find(([, o]) => o.entryPoint === 'web/src/main.tsx')!;
const sizes: Record<string, number> = {};
for (const [path, info] of Object.entries(entry[1].inputs)) { const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path); const k = m ? m[1]! : path.replace(/^web\/src\//, '').split('/').slice(0, 2).join('/'); sizes[k] = (sizes[k] ?? 0) + info.bytesInOutput; }
console.log(entry[0], entry[1].bytes);
for (const [k, v] of Object.entries(sizes).sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log((v / 1024).toFixed(1).padStart(7), k);
