// Test support (not shipped: only the worker's tests import it): the CSV import worker installed on a fake worker
// scope, with the messages it posted and a wait for the next one that matches.
import type { FromWorker, ToWorker } from './csv-import.protocol.ts';
import { attachCsvWorker, type CsvWorkerScope } from './csv-import.worker.ts';

export function fakeCsvWorker(options: Parameters<typeof attachCsvWorker>[1] = {}) {
  const received: FromWorker[] = [];
  let wake: (() => void) | null = null;
  const scope: CsvWorkerScope = {
    onmessage: null,
    postMessage: (message) => {
      received.push(message);
      wake?.();
    },
  };
  attachCsvWorker(scope, options);
  const send = (message: ToWorker) => scope.onmessage?.({ data: message } as MessageEvent<ToWorker>);
  /** Resolves with the first message matching `test` posted since `from` (at once when there is one already). */
  const next = (from: number, test: (m: FromWorker) => boolean, timeoutMs = 20_000) =>
    new Promise<FromWorker>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no message after ${received.map((m) => m.type + (m.type === 'batch' ? m.batch.lines.length + '@' + m.batch.bytesRead : '')).join(' ')}`)),
        timeoutMs,
      );
      const look = () => {
        const found = received.slice(from).find(test);
        if (found) {
          clearTimeout(timer);
          wake = null;
          resolve(found);
        }
      };
      wake = look;
      look();
    });
  return { received, send, next };
}
