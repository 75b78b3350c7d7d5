#!/usr/bin/env node
// CLI launcher: loads the TypeScript entry point through tsx so no build step is needed.
import { register } from 'tsx/esm/api';
register();
await import('../src/cli/main.ts');
