import type { SnapshotFrom } from 'xstate';
import type { apiDocsMachine } from './api-docs.machine.ts';

type Snap = SnapshotFrom<typeof apiDocsMachine>;

export const selectLanguage = (s: Snap) => s.context.language;
export const selectKeysShown = (s: Snap) => s.context.keysShown;
export const selectSection = (s: Snap) => s.context.section;
/** The open resource at the second level, or null on a section's page. */
export const selectResource = (s: Snap) => (s.matches({ navigation: 'resource' }) ? s.context.resource : null);
export const selectGeneratingTypes = (s: Snap) => s.matches({ types: 'generating' });
export const selectTypesError = (s: Snap) => s.context.typesError;
