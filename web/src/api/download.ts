/**
 * Downloads that need the bearer token: the file is fetched through the typed client (so the
 * session layer adds the token and refreshes a stale one), read chunk by chunk with progress, and
 * handed to the browser as a file with the name from the server's Content-Disposition.
 */
import { problemOf } from './problem';

interface StreamResult {
  data?: ReadableStream<Uint8Array> | null;
  error?: unknown;
  response: Response;
}

/** The file name of `Content-Disposition` (`filename*=UTF-8''…` preferred), or the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (extended) {
    try {
      return sanitize(decodeURIComponent(extended[1].trim())) || fallback;
    } catch {
      // malformed escape: try the plain parameter
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(disposition);
  const name = plain ? (plain[1]?.replace(/\\(.)/g, '$1') ?? plain[2].trim()) : '';
  return sanitize(name) || fallback;
}

function sanitize(name: string): string {
  return name.replace(/[/\\]/g, '_').trim();
}

/**
 * Reads the body of `request` (an `api.GET(…, { parseAs: 'stream' })`), reporting bytes received,
 * and saves it as a file. Throws a ProblemError for an error answer (problem details).
 */
export async function saveDownload(
  request: Promise<StreamResult>,
  fallbackName: string,
  onProgress?: (received: number, total: number | null) => void,
): Promise<string> {
  const { data, error, response } = await request;
  if (!response.ok) {
    throw problemOf(response, error);
  }
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  if (data) {
    const reader = data.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value as Uint8Array<ArrayBuffer>);
      received += value.byteLength;
      onProgress?.(received, total);
    }
  }
  const name = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  const blob = new Blob(chunks, { type: response.headers.get('content-type') ?? 'application/octet-stream' });
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // the click has handed the blob to the browser's download; free it once that has started
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
  return name;
}
