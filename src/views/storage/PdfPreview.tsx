// The preview pane's PDF (issue 14): the file's bytes drawn page by page on a canvas by pdf.js, loaded only now
// (src/actors/storage-preview-pdf.ts). The file itself is never navigated to or framed: the platform keeps serving it
// as a sandboxed attachment (SECURITY.md "User content is never run in the console's origin").
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { pdfPreviewTask, type PdfPreviewDocument, type PdfPreviewInput } from '../../actors/storage-preview.ts';
import { pdfPager, pdfTooLarge, pdfTooLargeMessage } from '../../domain/storage-preview.ts';
import type { TaskMachine } from '../../../machines/task.machine.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useTaskRead } from '../shared/useTask.ts';
import * as css from './Storage.css.ts';

export interface PdfPreviewProps {
  url: string;
  name: string;
  size: number | null;
  /** What opens the document: the real loader (fetch + pdf.js) unless a test gives another. */
  loader?: TaskMachine<PdfPreviewInput, PdfPreviewDocument>;
}

export function PdfPreview({ url, name, size, loader = pdfPreviewTask }: PdfPreviewProps) {
  // Over the cap nothing is fetched: the pane's Download button is the way to read it.
  if (pdfTooLarge(size)) return <p className={css.columnEmpty} data-testid="storage-preview-pdf-too-large">{pdfTooLargeMessage(size)}</p>;
  return <PdfDocument url={url} name={name} size={size} loader={loader} />;
}

function PdfDocument({ url, name, size, loader }: Required<Omit<PdfPreviewProps, 'size'>> & { size: number | null }) {
  const { data: pdf, error } = useTaskRead(loader, { url, size }, url);
  // The document's worker and memory go with the pane (or with the next file's document).
  useEffect(() => () => void pdf?.destroy().catch(() => {}), [pdf]);
  if (error) return <p className={css.alert} role="alert">{error}</p>;
  if (!pdf) {
    return (
      <div className={css.pdfLoading}>
        <Spinner size={20} label="Loading the PDF" />
      </div>
    );
  }
  return <PdfPages pdf={pdf} name={name} />;
}

function PdfPages({ pdf, name }: { pdf: PdfPreviewDocument; name: string }) {
  const [page, setPage] = useState(1);
  const pager = pdfPager(page, pdf.pageCount);
  const buttons = useRef<HTMLDivElement>(null);
  // A button that goes disabled under the keyboard (the first or last page reached) hands the focus to the other.
  const focusNext = useRef<'previous' | 'next' | null>(null);
  useLayoutEffect(() => {
    if (!focusNext.current) return;
    buttons.current?.querySelector<HTMLElement>(`[data-pager="${focusNext.current}"]`)?.focus();
    focusNext.current = null;
  }, [pager.page]);
  const go = (to: number) => {
    const next = pdfPager(to, pdf.pageCount);
    const pressed = to < pager.page ? 'previous' : 'next';
    const stillEnabled = pressed === 'previous' ? next.hasPrevious : next.hasNext;
    if (!stillEnabled && buttons.current?.contains(document.activeElement)) focusNext.current = pressed === 'previous' ? 'next' : 'previous';
    setPage(next.page);
  };
  return (
    <div className={css.pdf} data-testid="storage-preview-pdf">
      {/* A new canvas for each page: pdf.js draws one page at a time on a canvas. */}
      <PdfCanvas key={pager.page} pdf={pdf} page={pager.page} name={name} />
      <div className={css.pdfPager} ref={buttons} role="group" aria-label="Pages">
        <Button size="tiny" data-pager="previous" aria-label="Previous page" isDisabled={!pager.hasPrevious} onPress={() => go(pager.page - 1)}>
          ‹
        </Button>
        <span role="status" className={css.pdfPageLabel}>{pager.label}</span>
        <Button size="tiny" data-pager="next" aria-label="Next page" isDisabled={!pager.hasNext} onPress={() => go(pager.page + 1)}>
          ›
        </Button>
      </div>
    </div>
  );
}

function PdfCanvas({ pdf, page, name }: { pdf: PdfPreviewDocument; page: number; name: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<{ drawn: boolean; error: string | null }>({ drawn: false, error: null });
  useEffect(() => {
    const node = canvas.current;
    if (!node) return;
    const render = pdf.renderPage(page, node, globalThis.devicePixelRatio || 1);
    let live = true;
    render.promise.then(
      () => live && setState({ drawn: true, error: null }),
      (error: unknown) => live && setState({ drawn: false, error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
      render.cancel();
    };
  }, [pdf, page]);
  return (
    <>
      {state.error ? <p className={css.alert} role="alert">{state.error}</p> : null}
      <canvas
        ref={canvas}
        className={css.pdfCanvas}
        role="img"
        aria-label={`Page ${page} of ${name}`}
        aria-busy={!state.drawn && !state.error}
        data-testid="storage-preview-pdf-page"
        data-drawn={state.drawn}
        hidden={state.error !== null}
      />
    </>
  );
}
