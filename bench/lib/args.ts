/**
 * @module bench/lib/args
 * Command-line flags of the benchmarks: `--name value` (a value), `--name` alone ('') or absent (undefined).
 */
export function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const v = process.argv[i + 1];
  return v && !v.startsWith('--') ? v : '';
}
