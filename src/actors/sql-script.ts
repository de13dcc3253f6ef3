// The one task that runs a SQL script the user has just been shown (spec A2.6, A2.7; issues 18, 19): the Database
// pages, the policies' RLS/delete confirmations and the advisors' 'Run fix' all run exactly the text on screen through
// the console's query endpoint, and answer the label their toast shows.
import { taskWith } from '../../machines/task.machine.ts';
import { runSql } from '../api/table-editor.ts';

export const sqlScriptTask = taskWith(async ({ ref, query, label }: { ref: string; query: string; label: string }) => {
  await runSql(ref, { query });
  return label;
});
