/** Hands a file made or fetched in the page to the browser as a download under the given name. */

export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; the delay only spares a slow browser.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
