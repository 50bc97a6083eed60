import { translate } from '@/i18n';
/** The image types the API takes for uploads (photos of places, profile pictures). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/**
 * Sends a file to the upload URL the API issued (object storage, or the service's own storage
 * route), with the headers it named, reporting progress (0..1) and stopping when `signal` aborts.
 * XMLHttpRequest rather than fetch: only it reports upload progress.
 */
export function uploadFile(
  ticket: { uploadUrl: string; method: string; headers: Record<string, string> },
  file: Blob,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(ticket.method || 'PUT', ticket.uploadUrl);
    for (const [name, value] of Object.entries(ticket.headers ?? {})) {
      // the browser sets these itself and refuses to be told; its Content-Length is the file's size,
      // the one the upload URL was signed for (another size or type is refused by the storage)
      if (!/^(content-length|host)$/i.test(name)) request.setRequestHeader(name, value);
    }
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () =>
      request.status >= 200 && request.status < 300 ? resolve() : reject(new Error(translate('upload.refused', { status: request.status })));
    request.onerror = () => reject(new Error(translate('upload.unreachable')));
    request.onabort = () => reject(new Error(translate('upload.cancelled')));
    if (signal?.aborted) return reject(new Error(translate('upload.cancelled')));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}
