/** Hands a downloaded file to the browser's save mechanism under the given name. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser may read the URL after click() returns; a minute is ample for a file already in memory.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
