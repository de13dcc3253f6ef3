// GET /platform/projects-resource-warnings (spec A7; server/metrics/resource-warnings.ts).
import type { ResourceWarnings } from '../domain/resource-warnings.ts';
import { api } from './client.ts';

export const fetchResourceWarnings = (ref: string) =>
  api.get('platform/projects-resource-warnings', { searchParams: { ref } }).json<ResourceWarnings[]>();
