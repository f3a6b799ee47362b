// The seating generator as a job the organizer's page watches: started, it runs in slices beside
// other work (tournaments.ts runJob) and reports each checkpoint — annealing moves done of the
// budget, the pair meetings' variance now, forbidden pairs met — which the page polls for its
// progress bar; it can be cancelled (nothing is stored). One run at a time per tournament; a
// finished run's answer is kept a while for the page to read.
import { randomBytes } from 'node:crypto';
import type { SeatingProgress, SeatingQuality } from '../tournament/index.js';
import { apiError, refuse, TournamentApiError, type ApiError, type SeatingBody } from './tournament-messages.js';
import type { TournamentService } from './tournaments.js';

export interface SeatingJobView {
  id: string;
  state: 'running' | 'done' | 'cancelled' | 'failed';
  /** Annealing moves done and the budget (0 of 0 until the run starts). */
  done: number;
  total: number;
  /** Progress reports so far (each checkpoint of the run). */
  steps: number;
  /** The pair meetings' variance at the last checkpoint (the figure the run drives down). */
  variance: number | null;
  forbiddenMet: number;
  result?: { quality: SeatingQuality; moves: number };
  error?: ApiError;
}

interface Job {
  tournament: string;
  view: SeatingJobView;
  cancel: boolean;
  listeners: Set<(v: SeatingJobView) => void>;
}

/** How long a finished run's answer is kept. */
const KEEP_MS = 10 * 60_000;

export class SeatingJobs {
  private jobs = new Map<string, Job>();

  constructor(private svc: TournamentService) {}

  start(id: string, body: SeatingBody): SeatingJobView {
    for (const j of this.jobs.values()) if (j.tournament === id && j.view.state === 'running') return refuse(409, 'seatingRunning');
    const view: SeatingJobView = { id: `s${randomBytes(8).toString('hex')}`, state: 'running', done: 0, total: 0, steps: 0, variance: null, forbiddenMet: 0 };
    const job: Job = { tournament: id, view, cancel: false, listeners: new Set() };
    this.jobs.set(view.id, job);
    const emit = (): void => {
      for (const l of job.listeners) l({ ...view });
    };
    const ctl = {
      progress: (p: SeatingProgress): void => {
        view.done = p.done;
        view.total = p.total;
        view.steps++;
        view.variance = p.variance;
        view.forbiddenMet = p.forbiddenMet;
        emit();
      },
      cancelled: () => job.cancel,
    };
    void this.svc
      .seat(id, body, ctl)
      .then((r) => {
        view.state = 'done';
        // A run that reached a proven optimum stops before its budget: the bar is full all the same.
        if (view.total === 0) view.total = r.value.moves;
        view.done = view.total;
        view.result = { quality: r.value.quality, moves: r.value.moves };
      })
      .catch((e: unknown) => {
        const err = e instanceof TournamentApiError ? e.error : apiError('badMessage', String(e));
        view.state = err.code === 'seatingCancelled' ? 'cancelled' : 'failed';
        view.error = err;
      })
      .finally(() => {
        emit();
        job.listeners.clear();
        setTimeout(() => this.jobs.delete(view.id), KEEP_MS).unref();
      });
    return { ...view };
  }

  get(id: string, jobId: string): SeatingJobView {
    const j = this.jobs.get(jobId);
    if (!j || j.tournament !== id) return refuse(404, 'noJob');
    return { ...j.view };
  }

  /** Stop a run: it ends `cancelled` at its next checkpoint and stores nothing. */
  cancel(id: string, jobId: string): SeatingJobView {
    const j = this.jobs.get(jobId);
    if (!j || j.tournament !== id) return refuse(404, 'noJob');
    if (j.view.state === 'running') j.cancel = true;
    return { ...j.view };
  }

  /** Every report of a run, as it happens (tests, a live push). */
  listen(jobId: string, fn: (v: SeatingJobView) => void): () => void {
    const j = this.jobs.get(jobId);
    if (!j) return () => undefined;
    j.listeners.add(fn);
    return () => j.listeners.delete(fn);
  }
}
