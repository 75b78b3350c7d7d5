// Builds the inspector (web/) into dist/web, served by src/api/inspector-route under /inspector/.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/inspector/',
  // Preact's automatic JSX runtime; Vite 8 transforms TSX with oxc.
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    // Everything inlined into our own files: no CDN, works offline.
    assetsInlineLimit: 0,
  },
  logLevel: 'warn',
});
