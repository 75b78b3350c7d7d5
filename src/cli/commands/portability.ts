/**
 * @module cli/commands/portability
 * `memory-service export [--user U] [-o file]` and `memory-service import <file.jsonl>`: move a
 * store between SQLite, PostgreSQL and PGlite through core/portability (JSON Lines, lossless,
 * ids and sequence numbers kept). Progress bars on stderr when it is a terminal.
 */
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import { exportStore, importLines } from '../../core/portability.ts';
import { createProgress } from '../progress.ts';
import { CliError, EXIT_USAGE, openService, runCommand, withStoreOptions, writeChunk, type StoreOptions } from '../runtime.ts';

/** Counts newline-terminated lines of a file without holding it in memory (for the progress total). */
async function countLines(path: string): Promise<number> {
  let n = 0;
  for await (const chunk of createReadStream(path)) {
    const buf = chunk as Buffer;
    for (let i = buf.indexOf(10); i !== -1; i = buf.indexOf(10, i + 1)) n++;
  }
  return n;
}

export function registerPortabilityCommands(program: Command): void {
  withStoreOptions(
    program
      .command('export')
      .description('write every turn and memory (history, validity, links, metadata) as JSON Lines to stdout or --output')
      .option('-u, --user <id>', 'only this user (their own and their agents\' scopes)')
      .option('-o, --output <file>', 'write to a file instead of stdout'),
  )
    .addHelpText('after', '\nExamples:\n  memory-service export > backup.jsonl\n  memory-service export --user alice -o alice.jsonl\n  memory-service export --db old.db | DATABASE_URL=postgres://… memory-service import -')
    .action((opts: StoreOptions & { user?: string; output?: string }) =>
      runCommand(async () => {
        const built = await openService(opts, { read: true });
        const out = opts.output ? createWriteStream(opts.output) : process.stdout;
        try {
          const counts = opts.user ? null : await built.ctx.service.store.counts().catch(() => null);
          const progress = createProgress({ label: 'export', total: counts ? counts.turns + counts.memories : null, unit: 'records' });
          let records = 0;
          let turns = 0;
          let memories = 0;
          for await (const line of exportStore(built.ctx.service.store, { userId: opts.user ?? null })) {
            await writeChunk(out, `${JSON.stringify(line)}\n`);
            if (line.type === 'turn') turns++;
            if (line.type === 'memory') memories++;
            if (line.type === 'turn' || line.type === 'memory') progress.update(++records);
          }
          progress.stop();
          if (opts.output) await new Promise<void>((resolve, reject) => (out as ReturnType<typeof createWriteStream>).end((err?: Error | null) => (err ? reject(err) : resolve())));
          process.stderr.write(`exported ${turns} turns and ${memories} memories${opts.user ? ` of user ${opts.user}` : ''}\n`);
        } finally {
          await built.close();
        }
      }),
    );

  withStoreOptions(
    program
      .command('import')
      .description('load a JSON Lines export into the configured store (ids and sequence numbers kept; existing ids skipped)')
      .argument('<file>', 'export file (.jsonl), or - for stdin')
      .option('--batch-size <n>', 'records per transaction', '500'),
  )
    .addHelpText('after', '\nExamples:\n  memory-service import backup.jsonl\n  DATABASE_URL=postgres://postgres@localhost/memory memory-service import backup.jsonl\n\nEmbeddings are not part of an export: run `memory-service reembed` afterwards when a provider is configured.')
    .action((file: string, opts: StoreOptions & { batchSize: string }) =>
      runCommand(async () => {
        const batchSize = Number(opts.batchSize);
        if (!Number.isInteger(batchSize) || batchSize < 1) throw new CliError('--batch-size must be a positive integer', EXIT_USAGE);
        const fromStdin = file === '-';
        if (!fromStdin && !existsSync(file)) throw new CliError(`no such file: ${file}`, EXIT_USAGE);
        const total = fromStdin ? null : await countLines(file);
        const built = await openService(opts);
        const t0 = Date.now();
        const progress = createProgress({ label: 'import', total, unit: 'lines' });
        try {
          const input = fromStdin ? process.stdin : createReadStream(file, { encoding: 'utf8' });
          const lines = createInterface({ input, crlfDelay: Infinity });
          const s = await importLines(built.ctx.service.store, lines, { batchSize, onProgress: (n) => progress.update(n) });
          progress.stop();
          const secs = ((Date.now() - t0) / 1000).toFixed(1);
          process.stderr.write(
            `imported ${s.turnsInserted} turns (${s.turnsSkipped} already present) and ${s.memoriesInserted} memories (${s.memoriesSkipped} already present) in ${secs}s\n`,
          );
          if (s.seqMismatches > 0) process.stderr.write(`warning: ${s.seqMismatches} turns got a different session sequence number (the target already held turns of those sessions)\n`);
          if (!s.complete) {
            process.stderr.write('warning: the file has no footer line: it may be truncated; what it held was imported\n');
            return 1;
          }
          const embedder = built.ctx.service.embedder;
          if (embedder && s.turnsInserted + s.memoriesInserted > 0) process.stderr.write(`note: run \`memory-service reembed\` to embed the imported records with ${embedder.model}\n`);
        } finally {
          progress.stop();
          await built.close();
        }
      }),
    );
}
