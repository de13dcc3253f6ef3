// The advisor findings' read (issue 19), as a task: its own module because the shell reads it on every project page
// (the sidebar's dot, the header's toggle) and must not carry the advisor pages' other effects (fixes, snippets).
import { taskWith } from '../../machines/task.machine.ts';
import { fetchLints } from '../api/advisors.ts';

export const lintsRead = taskWith(({ ref }: { ref: string }) => fetchLints(ref));
