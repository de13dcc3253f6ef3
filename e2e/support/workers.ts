/** Playwright workers for E2E_WORKERS: a positive whole number, else 2 (the default, also for '', '0', 'two', '-1'). */
export function workerCount(value: string | undefined): number {
  const text = value?.trim() ?? '';
  if (!/^\d+$/.test(text)) return 2;
  const count = Number(text);
  return count >= 1 ? count : 2;
}
