import { useState } from 'react';
import type { Row } from '../../../machines/storage-explorer.selectors.ts';
import { objectUrlTask } from '../../actors/storage-forms.ts';
import { SIGNED_URL_EXPIRY_LABELS, baseName, joinPath, type SignedUrlExpiry } from '../../domain/storage.ts';
import { Button } from '../../ui/Button.tsx';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { Dialog, Modal } from '../../ui/Dialog.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useTaskRead } from '../shared/useTask.ts';
import type { ExplorerRef } from './useStorageExplorer.ts';
import * as css from './Storage.css.ts';

export type ItemDialog =
  | { kind: 'delete'; row: Row | null; paths: string[] }
  | { kind: 'move'; paths: string[] }
  | { kind: 'signedUrl'; path: string; expiry: SignedUrlExpiry }
  | { kind: 'publicUrl'; path: string };

interface Props {
  dialog: ItemDialog | null;
  onClose: () => void;
  explorer: ExplorerRef;
  projectRef: string;
  bucketId: string;
}

/** The confirmations and forms behind the row and selection actions. */
export function ItemDialogs(props: Props) {
  const { dialog } = props;
  if (!dialog) return null;
  if (dialog.kind === 'delete') return <DeleteDialog {...props} dialog={dialog} />;
  if (dialog.kind === 'move') return <MoveDialog {...props} dialog={dialog} />;
  return <UrlDialog {...props} dialog={dialog} />;
}

function DeleteDialog({ dialog, onClose, explorer, bucketId }: Props & { dialog: Extract<ItemDialog, { kind: 'delete' }> }) {
  const folder = dialog.row?.type === 'FOLDER' ? dialog.row : null;
  const what = folder ? `folder "${folder.name}" and everything in it` : dialog.paths.length === 1 ? `"${baseName(dialog.paths[0]!)}"` : `${dialog.paths.length} files`;
  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()} size="small">
      <Dialog
        title={folder ? 'Delete folder' : 'Delete files'}
        footer={
          <>
            <Button onPress={onClose}>Cancel</Button>
            <Button
              variant="danger"
              onPress={() => {
                explorer.send({
                  type: 'operation.run',
                  operation: folder ? { kind: 'folder.delete', bucketId, path: folder.path } : { kind: 'files.delete', bucketId, paths: dialog.paths },
                });
                onClose();
              }}
            >
              Delete
            </Button>
          </>
        }
      >
        <p>{`Delete ${what}? This cannot be undone.`}</p>
      </Dialog>
    </Modal>
  );
}

function MoveDialog({ dialog, onClose, explorer, bucketId }: Props & { dialog: Extract<ItemDialog, { kind: 'move' }> }) {
  const [to, setTo] = useState('');
  const submit = () => {
    explorer.send({ type: 'operation.run', operation: { kind: 'files.move', bucketId, paths: dialog.paths, to: joinPath(to.trim()) } });
    onClose();
  };
  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()} size="small">
      <Dialog
        title={`Move ${dialog.paths.length} file(s)`}
        footer={
          <>
            <Button onPress={onClose}>Cancel</Button>
            <Button variant="primary" onPress={submit}>Move</Button>
          </>
        }
      >
        <form onSubmit={(e) => { e.preventDefault(); submit(); }}>
          <TextField label="Path to new directory" value={to} onChange={setTo} autoFocus placeholder="folder/subfolder" description="Leave empty for the root of the bucket." />
        </form>
      </Dialog>
    </Modal>
  );
}

function UrlDialog({ dialog, onClose, projectRef, bucketId }: Props & { dialog: Extract<ItemDialog, { kind: 'signedUrl' | 'publicUrl' }> }) {
  // The URL is made when the dialog opens (and again for another object or expiry).
  const { data: url, loading, error } = useTaskRead(objectUrlTask, { projectRef, bucketId, request: dialog }, JSON.stringify([projectRef, bucketId, dialog]));
  const title = dialog.kind === 'signedUrl' ? `Signed URL (expires in ${SIGNED_URL_EXPIRY_LABELS[dialog.expiry]})` : 'Public URL';
  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()} size="medium">
      <Dialog title={title} description={baseName(dialog.path)} footer={<Button onPress={onClose}>Close</Button>}>
        {loading ? <p>Creating the URL…</p> : null}
        {error ? <p role="alert" className={css.alert}>{error}</p> : null}
        {url ? (
          <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
            <div className={css.urlBox} data-testid="storage-url">{url}</div>
            <CopyButton text={url} size="small" />
          </div>
        ) : null}
      </Dialog>
    </Modal>
  );
}
