// HTTP of read replicas (issue 20, spec A4.5; server/replicas/routes.ts). B7 names no path for them.
import { api } from './client.ts';
import type { ReadReplica } from '../domain/replicas.ts';

const replicas = (ref: string) => `platform/projects/${encodeURIComponent(ref)}/replicas`;

export const fetchReplicas = (ref: string) => api.get(replicas(ref)).json<ReadReplica[]>();

export const postReplica = (ref: string) => api.post(replicas(ref), { json: {} }).json<ReadReplica>();

export const deleteReplica = (ref: string, identifier: string) =>
  api.delete(`${replicas(ref)}/${encodeURIComponent(identifier)}`, { timeout: 60_000 }).json<{ identifier: string }>();
