import { api } from './client.ts';
import type { Project, ProjectStatus } from './types.ts';
import type { CreateProjectRequest } from '../domain/new-project.ts';

// Creating a project and following its status while it is built (spec A7 "Project lifecycle").
export const createProject = (body: CreateProjectRequest) => api.post('platform/projects', { json: body }).json<Project>();

export const fetchProjectStatus = (ref: string) =>
  api.get(`platform/projects/${encodeURIComponent(ref)}/status`).json<{ status: ProjectStatus }>();
