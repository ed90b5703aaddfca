/**
 * Browser downloads: the data becomes an object URL, a temporary `<a download>` is clicked, and the URL is revoked
 * once the click has been handed to the browser (a moment later: revoking synchronously can cancel the download in
 * some browsers).
 */
export const REVOKE_DELAY_MS = 1000;

export function downloadBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.rel = "noopener";
  link.style.display = "none";
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_DELAY_MS);
  }
}

export function downloadText(filename: string, text: string, mime = "text/plain;charset=utf-8"): void {
  downloadBlob(filename, new Blob([text], { type: mime }));
}
