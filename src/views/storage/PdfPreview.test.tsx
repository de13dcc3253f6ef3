// @vitest-environment jsdom
import '../../ui/testing/jsdom.ts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { taskWith } from '../../../machines/task.machine.ts';
import type { PdfPreviewDocument, PdfPreviewInput } from '../../actors/storage-preview.ts';
import { PDF_PREVIEW_MAX_BYTES } from '../../domain/storage-preview.ts';
import { PdfPreview } from './PdfPreview.tsx';

// The pane's PDF states with a fake loader (pdf.js itself is exercised in e2e/storage-preview.spec.ts).
function fakeDocument(pageCount: number) {
  const drawn: number[] = [];
  const cancelled: number[] = [];
  const destroy = vi.fn(async () => {});
  const document: PdfPreviewDocument = {
    pageCount,
    renderPage: (page) => {
      drawn.push(page);
      return { promise: Promise.resolve(), cancel: () => cancelled.push(page) };
    },
    destroy,
  };
  return { document, drawn, cancelled, destroy };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('PDF preview (issue 14)', () => {
  it('shows a spinner while loading, then page 1 of N; the buttons go through the pages and stop at the ends', async () => {
    const user = userEvent.setup();
    const fake = fakeDocument(3);
    const loading = deferred<PdfPreviewDocument>();
    const inputs: PdfPreviewInput[] = [];
    const loader = taskWith((input: PdfPreviewInput) => {
      inputs.push(input);
      return loading.promise;
    });
    const { unmount } = render(<PdfPreview url="http://files/report.pdf" name="report.pdf" size={1234} loader={loader} />);
    expect(screen.getByRole('progressbar', { name: 'Loading the PDF' })).toBeTruthy();
    expect(inputs).toEqual([{ url: 'http://files/report.pdf', size: 1234 }]);

    loading.resolve(fake.document);
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Page 1 of 3');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('img', { name: 'Page 1 of report.pdf' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('storage-preview-pdf-page').getAttribute('data-drawn')).toBe('true'));
    const previous = screen.getByRole('button', { name: 'Previous page' });
    const next = screen.getByRole('button', { name: 'Next page' });
    expect(previous).toHaveProperty('disabled', true);
    expect(next).toHaveProperty('disabled', false);

    // The keyboard: Tab to Next, Enter twice reaches the last page; the focus moves to Previous when Next goes off.
    next.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status').textContent).toBe('Page 2 of 3');
    expect(screen.getByRole('img', { name: 'Page 2 of report.pdf' })).toBeTruthy();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status').textContent).toBe('Page 3 of 3');
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Previous page' }));
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status').textContent).toBe('Page 2 of 3');
    expect(fake.drawn).toEqual([1, 2, 3, 2]);

    // The document (and its pdf.js worker) goes with the pane.
    unmount();
    expect(fake.destroy).toHaveBeenCalledTimes(1);
  });

  it('says why a broken PDF cannot be shown', async () => {
    const loader = taskWith(async () => {
      throw new Error('This PDF could not be read: Invalid PDF structure');
    });
    render(<PdfPreview url="u" name="broken.pdf" size={10} loader={loader} />);
    expect((await screen.findByRole('alert')).textContent).toBe('This PDF could not be read: Invalid PDF structure');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('a page that cannot be drawn says so in place of the canvas', async () => {
    const document: PdfPreviewDocument = {
      pageCount: 1,
      renderPage: () => ({ promise: Promise.reject(new Error('This PDF could not be read: bad page')), cancel: () => {} }),
      destroy: async () => {},
    };
    render(<PdfPreview url="u" name="half.pdf" size={10} loader={taskWith(async () => document)} />);
    expect((await screen.findByRole('alert')).textContent).toBe('This PDF could not be read: bad page');
    expect(screen.getByRole('status').textContent).toBe('Page 1 of 1');
  });

  it('does not fetch a PDF over the size cap and says it is too large', () => {
    const load = vi.fn(async () => fakeDocument(1).document);
    const loader = taskWith(load);
    render(<PdfPreview url="u" name="huge.pdf" size={PDF_PREVIEW_MAX_BYTES + 1} loader={loader} />);
    expect(screen.getByTestId('storage-preview-pdf-too-large').textContent).toMatch(/^This PDF is too large to preview \(20 MB\): the preview reads files up to 20 MB\. Download it to read it\.$/);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });
});
