// spec A2.9: on the free plan, members who reached their free project limit block the resume until they delete,
// pause or upgrade projects.
import { LIFECYCLE_TEXT } from '../../domain/project-lifecycle.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog, Modal } from '../../ui/Dialog.tsx';
import * as css from './ProjectLifecycle.css.ts';

export interface MembersExceededDialogProps {
  members: ReadonlyArray<{ username: string; free_project_limit: number }> | null;
  onClose: () => void;
}

export function MembersExceededDialog({ members, onClose }: MembersExceededDialogProps) {
  return (
    <Modal isOpen={members !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog
        title={LIFECYCLE_TEXT.membersExceededTitle}
        role="alertdialog"
        footer={<div className={css.dialogActions}><Button variant="default" size="tiny" onPress={onClose}>Understood</Button></div>}
      >
        <p className={css.text}>
          The following members of this organization have reached the maximum number of active free projects. This
          project cannot be resumed until they delete, pause or upgrade one of their free projects.
        </p>
        <ul className={css.list} data-testid="members-exceeded-list">
          {(members ?? []).map((member) => (
            <li key={member.username}>
              {member.username} (limit: {member.free_project_limit} free projects)
            </li>
          ))}
        </ul>
      </Dialog>
    </Modal>
  );
}
