// TODO(issue 15): forwarding module until src/views/shell/useShellData.ts and src/views/project/ProjectHome.tsx (owned
// by shell/project) import '../shared/ProjectStatusContext.tsx'; then delete it. The context moved to src/views/shared/
// because the shell, the project home, the status screens and the lifecycle views all read it (DESIGN §2).
export { useLiveProjectStatus, useProjectStatusActor } from '../shared/ProjectStatusContext.tsx';
