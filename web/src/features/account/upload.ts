/**
 * Sends a file to the upload URL the API issued (S3 presigned, or the service's own storage URL),
 * with the headers it named. XMLHttpRequest rather than fetch: only it reports upload progress.
 */
export function uploadFile(
  ticket: { uploadUrl: string; method: string; headers: Record<string, string> },
  file: Blob,
  onProgress: (fraction: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(ticket.method, ticket.uploadUrl);
    for (const [name, value] of Object.entries(ticket.headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => (request.status >= 200 && request.status < 300 ? resolve() : reject(new Error(`The upload failed (${request.status}).`)));
    request.onerror = () => reject(new Error('The upload failed: the storage could not be reached.'));
    request.send(file);
  });
}
