import type { DatasetId, Progress } from '../../importer/types';

/** Refused: another import is running (in this process, or in another one on the same database). */
export class ImportBusy extends Error {
  constructor(readonly dataset: DatasetId | null) {
    super(`an import${dataset ? ` of ${dataset}` : ''} is already running`);
    this.name = 'ImportBusy';
  }
}

/** Where the running import is: what the back-office's progress bar shows (GET /api/admin/imports/current/). */
export interface ImportState {
  dataset: DatasetId;
  sha256: string;
  phase: 'parsing' | 'writing';
  /** The rows of the current write step, when it reports them. */
  step: { label: string; done: number; total: number } | null;
  startedAt: Date;
}

interface Running<T> {
  state: ImportState;
  result: Promise<T>;
}

/**
 * One import at a time in this process (decision 067): a second upload of other bytes or another dataset
 * while one runs is refused (ImportBusy, 409), and the same dataset with the same bytes joins the running
 * import instead of importing again (both answers carry its one result). Across processes on one
 * PostgreSQL database the import's transaction takes an advisory lock (imports.repo.ts, tryLockImports).
 */
export class ImportRunner {
  #running: Running<unknown> | undefined;

  /** The state of the import running in this process, or null (read-only: the import updates it). */
  get current(): Readonly<ImportState> | null {
    return this.#running?.state ?? null;
  }

  /** Refuses at once, before any file is read, an upload of another dataset while one runs. */
  refuseIfBusy(dataset: DatasetId): void {
    const running = this.#running?.state;
    if (running && running.dataset !== dataset) throw new ImportBusy(running.dataset);
  }

  /**
   * Runs `work` as the import of these bytes, or joins the same import already running. `work` gets the
   * state to update (phase) and a Progress that counts its rows.
   */
  run<T>(
    key: { dataset: DatasetId; sha256: string },
    work: (state: ImportState, progress: Progress) => Promise<T>,
  ): Promise<T> {
    const running = this.#running;
    if (running) {
      if (running.state.dataset === key.dataset && running.state.sha256 === key.sha256)
        return running.result as Promise<T>;
      throw new ImportBusy(running.state.dataset);
    }
    const state: ImportState = { ...key, phase: 'parsing', step: null, startedAt: new Date() };
    const progress: Progress = {
      start(label, total) {
        state.step = { label, done: 0, total };
      },
      advance(n) {
        if (state.step) state.step.done += n;
      },
      stop() {
        state.step = null;
      },
    };
    const entry: Running<unknown> = { state, result: Promise.resolve() };
    const result = work(state, progress).finally(() => {
      if (this.#running === entry) this.#running = undefined;
    });
    entry.result = result;
    this.#running = entry;
    return result;
  }
}
