/**
 * @module cli/progress
 * Progress reporting for long CLI runs (import, export, evaluation): a cli-progress bar on
 * stderr with count, rate and ETA when stderr is a terminal; silent otherwise (pipes, CI, logs),
 * so redirected output stays clean. The rate is computed here (cli-progress has none).
 */
import cliProgress from 'cli-progress';

export interface Progress {
  /** Sets the absolute count of items done. */
  update(done: number): void;
  /** Grows the total when it was unknown or underestimated. */
  setTotal(total: number): void;
  stop(): void;
}

export const SILENT_PROGRESS: Progress = { update() {}, setTotal() {}, stop() {} };

/** items/s, with one decimal under 10/s. */
export function formatRate(done: number, elapsedMs: number): string {
  if (elapsedMs <= 0 || done <= 0) return '0';
  const rate = (done * 1000) / elapsedMs;
  return rate >= 10 ? String(Math.round(rate)) : rate.toFixed(1);
}

export interface ProgressOptions {
  label: string;
  /** Expected number of items (0 or null when unknown: the bar then tracks a moving total). */
  total: number | null;
  unit?: string;
  stream?: NodeJS.WriteStream;
  /** Force on/off (default: on when the stream is a TTY). */
  enabled?: boolean;
}

export function createProgress(opts: ProgressOptions): Progress {
  const stream = opts.stream ?? process.stderr;
  const enabled = opts.enabled ?? Boolean(stream.isTTY);
  if (!enabled) return SILENT_PROGRESS;
  const unit = opts.unit ?? 'items';
  const bar = new cliProgress.SingleBar(
    {
      format: `${opts.label} [{bar}] {percentage}% | {value}/{total} ${unit} | {rate} ${unit}/s | ETA {eta_formatted}`,
      stream,
      hideCursor: true,
      etaBuffer: 50,
      fps: 5,
    },
    cliProgress.Presets.shades_classic,
  );
  const started = Date.now();
  let total = Math.max(opts.total ?? 0, 1);
  let stopped = false;
  bar.start(total, 0, { rate: '0' });
  return {
    update(done) {
      if (done > total) {
        total = done;
        bar.setTotal(total);
      }
      bar.update(done, { rate: formatRate(done, Date.now() - started) });
    },
    setTotal(t) {
      total = Math.max(t, 1);
      bar.setTotal(total);
    },
    stop() {
      if (stopped) return;
      stopped = true;
      bar.stop();
    },
  };
}
