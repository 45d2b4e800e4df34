import cliProgress from 'cli-progress';
import type { Progress } from './types';

/** A progress bar on stderr when it is a terminal; otherwise one log line when each step ends. */
export function createProgress(log: (line: string) => void, tty = Boolean(process.stderr.isTTY)): Progress {
  if (tty) {
    const bar = new cliProgress.SingleBar(
      { format: '{label} [{bar}] {percentage}% {value}/{total}', stream: process.stderr, hideCursor: true },
      cliProgress.Presets.shades_classic,
    );
    let running = false;
    return {
      start(label, total) {
        running = true;
        bar.start(total, 0, { label });
      },
      advance: (n) => bar.increment(n),
      stop() {
        if (running) bar.stop();
        running = false;
      },
    };
  }
  let current: { label: string; total: number; started: number } | undefined;
  return {
    start(label, total) {
      current = { label, total, started: Date.now() };
    },
    advance: () => {},
    stop() {
      if (current) log(`${current.label}: ${current.total} rows in ${Date.now() - current.started} ms`);
      current = undefined;
    },
  };
}

/** Progress that reports nothing (tests, library callers). */
export const silentProgress: Progress = { start() {}, advance() {}, stop() {} };
