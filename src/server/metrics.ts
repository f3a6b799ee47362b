// Prometheus metrics (prom-client) at GET /metrics: tables and sockets now, commands (their rate
// is commands/s: rate(gorod_commands_total[1m])), the time from a command's arrival to its
// answer, and the tables taken over from a process that died or stopped.
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export interface MetricsSource {
  tables(): number;
  sockets(): { local: number; relayedOut: number; relayedIn: number };
  failovers(): number;
}

export class Metrics {
  readonly registry = new Registry();
  readonly commands: Counter;
  readonly latency: Histogram;

  constructor(source: () => MetricsSource | null) {
    collectDefaultMetrics({ register: this.registry, prefix: 'gorod_process_' });
    this.commands = new Counter({ name: 'gorod_commands_total', help: 'Commands applied and stored', registers: [this.registry] });
    this.latency = new Histogram({
      name: 'gorod_command_seconds',
      help: 'From a command’s arrival at its table to its answer (queue, engine, storage)',
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [this.registry],
    });
    new Gauge({
      name: 'gorod_tables',
      help: 'Tables this process runs',
      registers: [this.registry],
      collect() {
        this.set(source()?.tables() ?? 0);
      },
    });
    new Gauge({
      name: 'gorod_sockets',
      help: 'Game sockets: local (this process serves them), relayed_out (connected here, served elsewhere), relayed_in',
      labelNames: ['kind'],
      registers: [this.registry],
      collect() {
        const s = source()?.sockets() ?? { local: 0, relayedOut: 0, relayedIn: 0 };
        this.set({ kind: 'local' }, s.local);
        this.set({ kind: 'relayed_out' }, s.relayedOut);
        this.set({ kind: 'relayed_in' }, s.relayedIn);
      },
    });
    let seen = 0;
    new Counter({
      name: 'gorod_failovers_total',
      help: 'Tables taken over from a process that died or stopped',
      registers: [this.registry],
      collect() {
        const n = source()?.failovers() ?? 0;
        if (n > seen) this.inc(n - seen);
        seen = n;
      },
    });
  }

  observe(ms: number): void {
    this.commands.inc();
    this.latency.observe(ms / 1000);
  }

  register(app: FastifyInstance): void {
    app.get('/metrics', async (_req, reply) => reply.header('content-type', this.registry.contentType).send(await this.registry.metrics()));
  }
}
