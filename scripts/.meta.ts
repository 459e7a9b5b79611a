import { build } from 'esbuild';
import { join } from 'node:path';
import { esbuildOptions, functionsDir } from '../infra/bundling';
for (const h of process.argv.slice(2)) {
  const { metafile } = await build({ ...esbuildOptions(join(functionsDir, h), `/tmp/meta-${h.replace(/\//g,'-')}.mjs`), metafile: true });
  const sizes: Record<string, number> = {};
  for (const output of Object.values(metafile.outputs)) for (const [path, info] of Object.entries(output.inputs)) {
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path); const k = m ? m[1]! : 'src';
    sizes[k] = (sizes[k] ?? 0) + info.bytesInOutput;
  }
  const total = Object.values(sizes).reduce((a, b) => a + b, 0);
  console.log(h, Math.round(total / 1024), 'KB:', Object.entries(sizes).sort((a, b) => b[1] - a[1]).slice(0, 16).map(([k, v]) => `${k} ${(v / 1024).toFixed(1)}`).join(', '));
}
