// Effects of the advisors and Query Performance pages (issue 19), as tasks (machines/task.machine.ts): the reads, a
// finding's fix (the reviewed SQL, through the console's query endpoint), dismiss/restore, 'Open in SQL editor' (a
// new snippet holding the fix), a statement's plan and the statistics reset.
import { taskWith } from '../../machines/task.machine.ts';
import { dismissLint, explainQuery, fetchQueryStats, resetQueryStats, restoreLint } from '../api/advisors.ts';
import { createSnippet } from '../api/sql-editor.ts';
import { fixSnippetName, type AdvisorLint } from '../domain/advisors.ts';
import type { QueryStatsOrder } from '../domain/query-performance.ts';

export { lintsRead } from './advisor-lints.ts';

/** Runs a finding's fix as shown; done with the toast's text. */
export const lintDismissTask = taskWith(async ({ ref, lint, dismiss }: { ref: string; lint: AdvisorLint; dismiss: boolean }) => {
  const body = { name: lint.name, object_key: lint.object_key };
  if (dismiss) await dismissLint(ref, body);
  else await restoreLint(ref, body);
  return dismiss ? 'Issue dismissed' : 'Issue restored';
});

/** A new snippet holding the fix: done with its id, for the view to open. */
export const lintOpenInEditorTask = taskWith(async ({ ref, lint }: { ref: string; lint: AdvisorLint }) => {
  const snippet = await createSnippet(ref, { name: fixSnippetName(lint), sql: lint.remediation });
  return snippet.id;
});

export const queryStatsRead = taskWith(({ ref, order, search }: { ref: string; order: QueryStatsOrder; search: string }) =>
  fetchQueryStats(ref, { order, search }),
);
export const queryPlanTask = taskWith(async ({ ref, queryid }: { ref: string; queryid: string }) => (await explainQuery(ref, queryid)).plan);
export const queryStatsResetTask = taskWith(async ({ ref }: { ref: string }) => {
  await resetQueryStats(ref);
  return 'Query performance statistics reset';
});
