import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The SPA's build: one lazily loaded chunk per route, a size report for the README's number. */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    reportCompressedSize: true,
    chunkSizeWarningLimit: 250,
  },
});
