// The resource exhaustion banner's read (spec A2.12), as a task (machines/task.machine.ts).
import { taskWith } from '../../machines/task.machine.ts';
import { fetchResourceWarnings } from '../api/resource-warnings.ts';

export const resourceWarningsRead = taskWith(async ({ ref }: { ref: string }) => (await fetchResourceWarnings(ref))[0] ?? null);
