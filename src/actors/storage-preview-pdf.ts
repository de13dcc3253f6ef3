// pdf.js for the storage preview pane (issue 14), imported only when a PDF is previewed (./storage-preview.ts
// loads this module with import(), so pdf.js never enters the console's first load or the storage page's chunk).
//
// It runs under the console's CSP (server/http/console.ts: script-src 'self', worker-src 'self' blob:, no eval, no
// wasm): its worker is the module file pdf.js ships, emitted by Vite as one of our own assets and started from our
// origin; `isEvalSupported: false` keeps it from compiling font code with new Function; `useWasm: false` keeps it on
// its JavaScript decoders. Only the page's canvas is drawn: no text layer, no annotation layer (so no link can
// navigate), no XFA forms, no scripting (pdf.js's scripting sandbox is a separate module never loaded here).
import { AnnotationMode, getDocument, GlobalWorkerOptions, type PDFDocumentProxy, type RenderTask } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { pdfPageLayout, pdfUnreadableMessage } from '../domain/storage-preview.ts';
import type { PdfPageRender, PdfPreviewDocument } from './storage-preview.ts';

GlobalWorkerOptions.workerSrc = workerUrl;

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error)).replace(/\.$/, '');

/** The bytes of a PDF opened with pdf.js; a file it cannot parse fails with 'This PDF could not be read: …'. */
export async function openPdf(bytes: Uint8Array): Promise<PdfPreviewDocument> {
  const loading = getDocument({
    data: bytes,
    isEvalSupported: false,
    useWasm: false,
    enableXfa: false,
    // The bytes are all here: nothing is fetched by pdf.js (no range requests, no worker fetches).
    disableAutoFetch: true,
    disableStream: true,
    disableRange: true,
    useWorkerFetch: false,
    // Errors only in the console's log: a malformed file is reported in the pane.
    verbosity: 0,
  });
  let document: PDFDocumentProxy;
  try {
    document = await loading.promise;
  } catch (error) {
    await loading.destroy().catch(() => {});
    throw new Error(pdfUnreadableMessage(reason(error)));
  }
  return {
    pageCount: document.numPages,
    renderPage: (pageNumber, canvas, pixelRatio) => renderPage(document, pageNumber, canvas, pixelRatio),
    destroy: () => loading.destroy(),
  };
}

function renderPage(document: PDFDocumentProxy, pageNumber: number, canvas: HTMLCanvasElement, pixelRatio: number): PdfPageRender {
  let cancelled = false;
  let task: RenderTask | null = null;
  const draw = async () => {
    const page = await document.getPage(pageNumber);
    if (cancelled) return;
    const natural = page.getViewport({ scale: 1 });
    const layout = pdfPageLayout(natural.width, natural.height, pixelRatio);
    const viewport = page.getViewport({ scale: layout.scale });
    canvas.width = Math.max(1, Math.floor(viewport.width));
    canvas.height = Math.max(1, Math.floor(viewport.height));
    canvas.style.width = `${layout.cssWidth}px`;
    canvas.style.height = `${layout.cssHeight}px`;
    // Appearances of annotations are drawn into the image (what a printed page shows); none becomes a control.
    task = page.render({ canvas, viewport, annotationMode: AnnotationMode.ENABLE, background: '#ffffff' });
    await task.promise;
  };
  const promise = draw().catch((error: unknown) => {
    // A cancelled draw (another page asked for, the pane closed) is not a failure.
    if (cancelled) return;
    throw new Error(pdfUnreadableMessage(reason(error)));
  });
  return {
    promise,
    cancel: () => {
      cancelled = true;
      task?.cancel();
    },
  };
}
