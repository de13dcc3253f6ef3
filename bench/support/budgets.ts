// Budgets shared by a benchmark and the test that guards it in `npm test`.

/** Issue 15: first-load JavaScript per entry route, gzip -9, summed over the scripts a page loads. */
export const FIRST_LOAD_BUDGET_BYTES = 150 * 1024;
