// The one dev-only `inspect` option for every root actor the console creates (issue 26, live mode: "every running
// actor reports"). Pass `{ inspect: devInspect }` to useActorRef / createActor; children an actor invokes or spawns
// report through their root's system, so only roots need it. import.meta.env.DEV is the literal false in a production
// build, so this is `undefined` there and the live reporter is dropped from the bundle (production-build.test.ts).
import type { InspectionEvent } from 'xstate';
import { liveInspect } from './statecharts/live-reporter.ts';

export const devInspect: ((event: InspectionEvent) => void) | undefined = import.meta.env.DEV ? liveInspect : undefined;
