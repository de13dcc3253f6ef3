#!/usr/bin/env node
// `npx strata …` (issue 21, spec A4.7): the command-line entry of a local Strata. Runs server/cli/main.ts through tsx,
// the same way `npm start` runs the platform.
import { register } from 'tsx/esm/api';

register();
await import('../server/cli/main.ts');
