/**
 * @module cli/commands/reembed
 * `memory-service reembed`: embeds every memory and turn that has no vector for the configured
 * embedding model (after a model change or an import), through core/reembed, with a progress bar.
 */
import type { Command } from 'commander';
import { reembed } from '../../core/reembed.ts';
import { createProgress } from '../progress.ts';
import { CliError, EXIT_USAGE, openService, runCommand, withStoreOptions, type StoreOptions } from '../runtime.ts';

export function registerReembedCommand(program: Command): void {
  withStoreOptions(
    program
      .command('reembed')
      .description('embed every memory and turn missing a vector for the configured embedding model')
      .option('--batch-size <n>', 'texts per embedding request', '64')
      .option('--max-items <n>', 'stop after this many items'),
  )
    .addHelpText('after', '\nExample:\n  EMBEDDING_PROVIDER=openai OPENAI_API_KEY=… memory-service reembed')
    .action((opts: StoreOptions & { batchSize: string; maxItems?: string }) =>
      runCommand(async () => {
        const batchSize = Number(opts.batchSize);
        const maxItems = opts.maxItems !== undefined ? Number(opts.maxItems) : undefined;
        if (!Number.isInteger(batchSize) || batchSize < 1) throw new CliError('--batch-size must be a positive integer', EXIT_USAGE);
        if (maxItems !== undefined && (!Number.isInteger(maxItems) || maxItems < 1)) throw new CliError('--max-items must be a positive integer', EXIT_USAGE);
        const built = await openService(opts, { read: true });
        try {
          const embedder = built.ctx.service.embedder;
          if (!embedder) throw new CliError('no embedding provider is configured (set EMBEDDING_PROVIDER with OPENAI_API_KEY / EMBEDDING_BASE_URL / VOYAGE_API_KEY)');
          const counts = await built.ctx.service.store.counts().catch(() => null);
          const progress = createProgress({ label: `reembed ${embedder.model}`, total: counts ? Math.min(counts.turns + counts.memories, maxItems ?? Infinity) : null, unit: 'items' });
          const ac = new AbortController();
          const onSignal = () => ac.abort();
          process.once('SIGINT', onSignal);
          try {
            const r = await reembed(built.ctx.service.store, embedder, { batchSize, maxItems, signal: ac.signal, onProgress: (p) => progress.update(p.embedded) });
            progress.stop();
            process.stderr.write(`embedded ${r.embedded} items with ${r.model}${r.dim ? ` (dim ${r.dim})` : ''} in ${r.batches} batches${r.stoppedEarly ? ' — stopped early, run again to continue' : ''}\n`);
          } finally {
            progress.stop();
            process.off('SIGINT', onSignal);
          }
        } finally {
          await built.close();
        }
      }),
    );
}
