// The choices the column fields offer: the database's enum types and the columns a foreign key may reference.
import { catalogChoicesRead } from '../../../actors/table-editor-tasks.ts';
import type { EnumType, ReferenceTarget } from '../../../api/table-editor-panels.ts';
import { useTaskRead } from '../../shared/useTask.ts';

export function useCatalogChoices(projectRef: string): { enums: EnumType[]; targets: ReferenceTarget[]; error: string | null } {
  const read = useTaskRead(catalogChoicesRead, { projectRef }, projectRef);
  return { enums: read.data?.enums ?? [], targets: read.data?.targets ?? [], error: read.error };
}
