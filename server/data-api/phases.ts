// Per-request phase timings of the Data API (issue 17's tail), behind STRATA_DATA_API_PHASES=<file>: off (the
// default), every call is a no-op on a null recorder. On, each request records when it entered serve(), when the
// caller was authenticated, the pool and catalog were at hand, a pool connection was obtained (and how many requests
// were waiting for one then), the answer was ready and was written; per connection, the time from its previous
// answer being written to this request entering serve() (`idle`), and for a connection's first request the time
// since the HTTP server accepted it (`accepted`). Every 2 s the file gets the interval's server-side percentiles, the
// idle percentiles, the first requests of connections, the slowest requests with their phases, the event loop's
// delay (perf_hooks histogram) and the GC pauses. Finding (bench/data-api.ts, wrk 200 connections): the server's
// own time stays under ~0.4 s; the 1-4 s tail is connections accepted late (see bench/data-api.ts).
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';

export interface Phases {
  mark(name: string): void;
  note(name: string, value: number): void;
  end(): void;
  /** The answer is ready: ends the record, or marks it when the record ends at the write (onConnection). */
  answered(): void;
}

interface Entry {
  start: number;
  marks: [string, number][];
  notes: Record<string, number>;
}

const SLOWEST = 8;

function recorder(file: string) {
  let entries: Entry[] = [];
  let gcMs = 0;
  let gcMax = 0;
  let gcCount = 0;
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcMs += entry.duration;
      gcCount++;
      gcMax = Math.max(gcMax, entry.duration);
    }
  });
  gc.observe({ entryTypes: ['gc'] });
  let stopped = false;
  const timer = setInterval(() => {
    if (!entries.length) return;
    try {
      write();
    } catch (error) {
      // The file cannot be written (its folder was removed, the disk is full): the recorder stops, saying so once,
      // rather than throwing from a timer, which would end the platform.
      stopped = true;
      clearInterval(timer);
      loop.disable();
      gc.disconnect();
      entries = [];
      console.error(`[strata] STRATA_DATA_API_PHASES: stopped recording, ${file} cannot be written (${(error as Error).message})`);
    }
  }, 2_000);
  timer.unref();
  function write() {
    const totals = entries.map((e) => e.marks[e.marks.length - 1]![1] - e.start).sort((a, b) => a - b);
    const at = (p: number) => Math.round(totals[Math.min(totals.length - 1, Math.ceil(p * totals.length) - 1)]!);
    const slowest = [...entries]
      .sort((a, b) => b.marks[b.marks.length - 1]![1] - b.start - (a.marks[a.marks.length - 1]![1] - a.start))
      .slice(0, SLOWEST)
      .map((e) => {
        let previous = e.start;
        const phases = e.marks.map(([name, t]) => `${name}+${Math.round(t - previous)}${((previous = t), '')}`).join(' ');
        return `  total ${Math.round(e.marks[e.marks.length - 1]![1] - e.start)} ms: ${phases} ${JSON.stringify(e.notes)}`;
      });
    const idles = entries.flatMap((e) => (e.notes.idle === undefined ? [] : [e.notes.idle])).sort((a, b) => a - b);
    const idleAt = (p: number) => (idles.length ? idles[Math.min(idles.length - 1, Math.ceil(p * idles.length) - 1)]! : NaN);
    const connections = new Set(entries.map((e) => e.notes.connection)).size;
    appendFileSync(
      file,
      `  idle (previous answer written -> serve) p50=${idleAt(0.5)} p99=${idleAt(0.99)} max=${idleAt(1)} ms; ` +
        `first on a connection ${entries.length - idles.length} (accepted -> serve: ${entries
          .flatMap((e) => (e.notes.accepted === undefined ? [] : [e.notes.accepted]))
          .sort((a, b) => a - b)
          .join(',')}); connections ${connections}\n` +
      `${new Date().toISOString()} n=${entries.length} server p50=${at(0.5)} p99=${at(0.99)} max=${at(1)} ms; ` +
        `loop delay p50=${(loop.percentile(50) / 1e6).toFixed(1)} p99=${(loop.percentile(99) / 1e6).toFixed(1)} max=${(loop.max / 1e6).toFixed(1)} ms; ` +
        `gc ${gcCount} pauses ${gcMs.toFixed(0)} ms (max ${gcMax.toFixed(1)})\n${slowest.join('\n')}\n`,
    );
    entries = [];
    gcMs = gcMax = gcCount = 0;
    loop.reset();
  }
  return {
    begin(): Phases {
      const entry: Entry = { start: performance.now(), marks: [], notes: {} };
      return {
        mark: (name) => void entry.marks.push([name, performance.now()]),
        note: (name, value) => void (entry.notes[name] = value),
        end: () => {
          entry.marks.push(['end', performance.now()]);
          if (!stopped) entries.push(entry);
        },
        answered() {
          // With a connection (onConnection), the record ends when the answer is written.
          if ((this as { deferred?: boolean }).deferred) entry.marks.push(['answer', performance.now()]);
          else this.end();
        },
      };
    },
  };
}

const NONE: Phases = { mark() {}, note() {}, end() {}, answered() {} };

/** When the HTTP server accepted each connection (from the first Data API request on, see onConnection). */
const acceptedAt = new WeakMap<object, number>();
const watchedServers = new WeakSet<object>();
let nextConnection = 0;
const connectionIds = new WeakMap<object, number>();

/** When each keep-alive connection's last Data API answer was written (the client sends its next one then). */
const lastWrittenMap = new WeakMap<object, number>();

/**
 * Ties a request's phases to its connection (@hono/node-server's `outgoing`): notes `idle`, the time from the
 * connection's previous answer being written to this request entering serve() (the client's turnaround, the kernel,
 * and Node reading, parsing and routing it), and ends the record when this answer is written (`written`).
 */
export function onConnection(timing: Phases, env: unknown): void {
  if (timing === NONE) return;
  const outgoing = (env as { outgoing?: { socket: object | null; once(event: 'finish', listener: () => void): void } } | undefined)?.outgoing;
  const socket = outgoing?.socket;
  if (!outgoing || !socket) return;
  let id = connectionIds.get(socket);
  if (id === undefined) connectionIds.set(socket, (id = nextConnection++));
  timing.note('connection', id);
  const previous = lastWrittenMap.get(socket);
  if (previous !== undefined) timing.note('idle', Math.round(performance.now() - previous));
  else {
    const accepted = acceptedAt.get(socket);
    if (accepted !== undefined) timing.note('accepted', Math.round(performance.now() - accepted));
  }
  const server = (socket as { server?: { on(event: 'connection', listener: (socket: object) => void): void } }).server;
  if (server && !watchedServers.has(server)) {
    watchedServers.add(server);
    server.on('connection', (accepted) => acceptedAt.set(accepted, performance.now()));
  }
  outgoing.once('finish', () => {
    lastWrittenMap.set(socket, performance.now());
    timing.mark('written');
    timing.end();
  });
  (timing as { deferred?: boolean }).deferred = true;
}

const file = process.env.STRATA_DATA_API_PHASES?.trim();
const active = file ? recorder(file) : null;

/** A request's phase recorder (a no-op unless STRATA_DATA_API_PHASES names a file). */
export function phases(): Phases {
  return active ? active.begin() : NONE;
}
