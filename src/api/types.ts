// Response shapes of the platform API the console reads (spec A3).
// The entities live with the domain (DESIGN §2); re-exported here for the response shapes and existing imports.
import type { Project } from '../domain/entities.ts';
export type { ProjectStatus, PlanId, Organization, ProjectDatabase, Project } from '../domain/entities.ts';

export interface ProjectsPage {
  projects: Project[];
  pagination: { count: number; limit: number; offset: number };
}

export interface Profile {
  id: string;
  username: string;
  primary_email: string;
}
