#!/usr/bin/env node
// CLI launcher. In a checkout (src/ present) it runs the TypeScript sources through tsx, so
// what runs is always what is checked out; an installed package (no src/) runs the built
// JavaScript in dist/ (`npm run build`, run by `prepare` on install and before `npm pack`).
import { existsSync } from 'node:fs';

const source = new URL('../src/cli/main.ts', import.meta.url);
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(source.href);
} else {
  await import(new URL('../dist/src/cli/main.js', import.meta.url).href);
}
