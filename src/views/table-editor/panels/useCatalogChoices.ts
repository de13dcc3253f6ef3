// The choices the column fields offer: the database's enum types and the columns a foreign key may reference.
import { fetchEnumTypes, fetchReferenceTargets, type EnumType, type ReferenceTarget } from '../../../api/table-editor-panels.ts';
import { usePanelRead } from './useEditorTask.ts';

export function useCatalogChoices(projectRef: string): { enums: EnumType[]; targets: ReferenceTarget[]; error: string | null } {
  const read = usePanelRead(async () => {
    const [enums, targets] = await Promise.all([fetchEnumTypes(projectRef), fetchReferenceTargets(projectRef)]);
    return { enums, targets };
  }, [projectRef]);
  return { enums: read.data?.enums ?? [], targets: read.data?.targets ?? [], error: read.error };
}
