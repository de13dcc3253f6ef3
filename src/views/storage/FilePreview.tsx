// The preview pane of the storage explorer (issue 14): the selected file shown as the platform serves it (images,
// video, audio, the start of a text file), its metadata (size, type, created and updated dates, cache control) and
// its URL to copy — public in a public bucket, a ten-minute signed one in a private bucket. The bytes are loaded
// from the project's storage URL, which carries the user-content headers (SECURITY.md: sandbox CSP, nosniff); what
// the platform would serve as an attachment (SVG, HTML, unknown types) is offered as a download instead. A PDF's
// bytes are read and drawn page by page on a canvas by pdf.js (PdfPreview), never opened as a document.
import { previewUrlTask, textPreviewTask } from '../../actors/storage-preview.ts';
import { formatBytes, formatInTimeZone } from '../../domain/format.ts';
import { previewKind, type PreviewFile } from '../../domain/storage-preview.ts';
import { Button } from '../../ui/Button.tsx';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useTaskRead } from '../shared/useTask.ts';
import { PdfPreview, type PdfPreviewProps } from './PdfPreview.tsx';
import * as css from './Storage.css.ts';

export interface FilePreviewProps {
  projectRef: string;
  bucketId: string;
  isPublic: boolean;
  file: PreviewFile;
  onDownload: () => void;
  onClose: () => void;
  /** The PDF loader (tests give a fake one). */
  pdfLoader?: PdfPreviewProps['loader'];
}

const date = (value: string | null) => {
  if (!value) return '—';
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? '—' : formatInTimeZone(parsed);
};

export function FilePreview({ projectRef, bucketId, isPublic, file, onDownload, onClose, pdfLoader }: FilePreviewProps) {
  const kind = previewKind(file.mimetype);
  const key = JSON.stringify([projectRef, bucketId, file.path, isPublic, file.updated_at]);
  const { data: url, error } = useTaskRead(previewUrlTask, { ref: projectRef, bucketId, path: file.path, isPublic }, key);
  return (
    <aside className={css.preview} aria-label={`Preview of ${file.name}`} data-testid="storage-preview">
      <div className={css.previewHeader}>
        <h2 className={css.previewTitle} title={file.path}>{file.name}</h2>
        <Button size="tiny" variant="ghost" aria-label="Close the preview" onPress={onClose}>
          ✕
        </Button>
      </div>
      <div className={css.previewMedia}>
        {error ? (
          <p className={css.alert} role="alert">{`The file could not be previewed: ${error}`}</p>
        ) : !url ? (
          <Spinner size={20} label="Loading the preview" />
        ) : kind === 'image' ? (
          <img src={url} alt={file.name} className={css.previewImage} />
        ) : kind === 'video' ? (
          <video src={url} controls preload="metadata" className={css.previewImage} aria-label={file.name} />
        ) : kind === 'audio' ? (
          <audio src={url} controls preload="metadata" aria-label={file.name} />
        ) : kind === 'text' ? (
          <TextPreview url={url} size={file.size} />
        ) : kind === 'pdf' ? (
          <PdfPreview url={url} name={file.name} size={file.size} loader={pdfLoader} />
        ) : (
          <p className={css.columnEmpty}>There is no preview for this type of file: it is served as a download.</p>
        )}
      </div>
      <dl className={css.previewMeta}>
        <dt>Size</dt>
        <dd>{file.size === null ? '—' : formatBytes(file.size)}</dd>
        <dt>Type</dt>
        <dd>{file.mimetype ?? '—'}</dd>
        <dt>Added on</dt>
        <dd>{date(file.created_at)}</dd>
        <dt>Last modified</dt>
        <dd>{date(file.updated_at)}</dd>
        <dt>Cache control</dt>
        <dd>{file.cacheControl ?? '—'}</dd>
      </dl>
      {url ? (
        <div className={css.previewUrl}>
          <span className={css.sidebarTitle}>{isPublic ? 'Public URL' : 'Signed URL (expires in 10 minutes)'}</span>
          <div className={css.urlBox} data-testid="storage-preview-url">{url}</div>
          <CopyButton text={url} size="small" label="Copy URL" />
        </div>
      ) : null}
      <Button size="small" onPress={onDownload}>Download</Button>
    </aside>
  );
}

function TextPreview({ url, size }: { url: string; size: number | null }) {
  const { data, error } = useTaskRead(textPreviewTask, { url, size }, url);
  if (error) return <p className={css.alert} role="alert">{error}</p>;
  if (!data) return <p className={css.columnEmpty}>Loading the preview…</p>;
  return (
    <>
      <pre className={css.previewText} tabIndex={0} aria-label="File contents">{data.text}</pre>
      {data.truncated ? <p className={css.rowMeta}>Only the first 64 KB are shown.</p> : null}
    </>
  );
}
