// A blob handed to the browser as a download: the storage explorer's files, the SQL editor's results, the Schema
// Visualizer's drawings. Its own module, so importing it brings in nothing else (storage-effects carries client-zip).

/** Hands a blob to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL; release it once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
