// The one confirmation of a pasted range (issue 14): 'Paste N rows × M columns?', then one transaction. The rows
// machine holds the question, the try and Postgres's error (machines/table-rows.machine.ts, edit.confirmingPaste).
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { tableRowsMachine } from '../../../../machines/table-rows.machine.ts';
import { selectPaste } from '../../../../machines/table-rows.selectors.ts';
import { pasteQuestion } from '../../../domain/tsv-paste.ts';
import { Button } from '../../../ui/Button.tsx';
import { Dialog, Modal } from '../../../ui/Dialog.tsx';

const samePaste = (a: ReturnType<typeof selectPaste>, b: ReturnType<typeof selectPaste>) => JSON.stringify(a) === JSON.stringify(b);

export function PasteDialog({ rows, onClosed }: { rows: ActorRefFrom<typeof tableRowsMachine>; onClosed: () => void }) {
  const paste = useSelector(rows, selectPaste, samePaste);
  const cancel = () => {
    rows.send({ type: 'paste.cancel' });
    onClosed();
  };
  return (
    <Modal isOpen={paste !== null} onOpenChange={(open) => !open && !paste?.saving && cancel()} isDismissable={!paste?.saving} isKeyboardDismissDisabled={paste?.saving ?? false}>
      <Dialog
        title="Paste cells"
        description={paste ? pasteQuestion(paste) : ''}
        hideCloseButton={paste?.saving ?? false}
        footer={
          <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end', width: '100%' }}>
            <Button variant="default" size="tiny" onPress={cancel} isDisabled={paste?.saving ?? false}>Cancel</Button>
            <Button variant="primary" size="tiny" isPending={paste?.saving ?? false} onPress={() => rows.send({ type: 'paste.confirm' })}>Paste</Button>
          </div>
        }
      >
        {paste?.error ? <p role="alert">{paste.error}</p> : <p>All cells are saved in one transaction: if one fails, none is changed.</p>}
      </Dialog>
    </Modal>
  );
}
