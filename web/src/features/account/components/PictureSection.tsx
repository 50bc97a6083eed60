import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { api, call, type Schema } from '@/api/client';
import { describeProblem } from '@/api/problem';
import { Button, ErrorSummary, Notice } from '@/ui';
import { accountKey } from '../queries';
import { uploadFile } from '@/api/upload';

const TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
type ImageType = (typeof TYPES)[number];

/** Waits (bounded) until the picture has been processed; the account query then shows it. */
async function waitForProcessing(fileId: string): Promise<void> {
  for (let attempt = 0; attempt < 30; attempt++) {
    const status = await call(api.GET('/api/v1/files/{fileId}/status', { params: { path: { fileId } } }));
    if (status.status === 'Completed') return;
    if (status.status === 'Failed') throw new Error(status.error ?? 'The picture could not be processed. Try another one.');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

export function PictureSection({ account }: { account: Schema<'ProfileDto'> }) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const upload = useMutation({
    mutationFn: async (picture: File) => {
      const ticket = await call(
        api.POST('/api/v1/account/picture', { body: { contentType: picture.type as ImageType, size: picture.size } }),
      );
      setProgress(0);
      await uploadFile(ticket, picture, setProgress);
      const confirmed = await call(api.PATCH('/api/v1/account/picture/confirm/{imageId}', { params: { path: { imageId: ticket.imageId } } }));
      await waitForProcessing(confirmed.fileId);
    },
    onSuccess: () => {
      setFile(null);
      setDone('Your picture has been updated.');
    },
    onError: (error) => setProblem(error instanceof Error && !('status' in error) ? error.message : describeProblem(error)),
    onSettled: () => {
      setProgress(null);
      return queryClient.invalidateQueries({ queryKey: accountKey });
    },
  });

  const remove = useMutation({
    mutationFn: () => call(api.DELETE('/api/v1/account/picture')),
    onSuccess: () => setDone('Your picture has been removed.'),
    onError: (error) => setProblem(describeProblem(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKey }),
  });

  const choose = (chosen: File | null) => {
    setProblem(null);
    setDone(null);
    if (chosen && !TYPES.includes(chosen.type as ImageType)) {
      setFile(null);
      setProblem('Choose a JPEG, PNG or WebP picture.');
      return;
    }
    setFile(chosen);
  };

  const shown = preview ?? account.pictureUrl;
  return (
    <section className="card" aria-labelledby="picture-title">
      <h2 id="picture-title">Profile picture</h2>
      {done ? <Notice tone="success">{done}</Notice> : null}
      <ErrorSummary items={problem ? [{ field: inputId, message: problem }] : []} />
      <div className="picture-row">
        {shown ? (
          <img className="picture-preview" src={shown} alt={preview ? 'Preview of the chosen picture' : 'Your profile picture'} />
        ) : (
          <div className="picture-preview picture-empty" aria-hidden="true">
            {account.nickname.slice(0, 1).toUpperCase()}
          </div>
        )}
        <div className="picture-controls">
          <div className="field">
            <label htmlFor={inputId}>{account.pictureUrl ? 'Choose a new picture' : 'Choose a picture'}</label>
            <p className="field-hint">JPEG, PNG or WebP, up to 10 MB. It is shown whole, never cropped.</p>
            <input id={inputId} type="file" accept={TYPES.join(',')} onChange={(event) => choose(event.target.files?.[0] ?? null)} />
          </div>
          {progress !== null ? (
            <div className="field">
              <label htmlFor={`${inputId}-progress`}>Uploading</label>
              <progress id={`${inputId}-progress`} max={1} value={progress}>
                {Math.round(progress * 100)}%
              </progress>
            </div>
          ) : null}
          <div className="actions">
            <Button disabled={!file} busy={upload.isPending} onClick={() => file && upload.mutate(file)}>
              Upload picture
            </Button>
            {account.pictureUrl && !file ? (
              <Button variant="secondary" busy={remove.isPending} onClick={() => remove.mutate()}>
                Remove picture
              </Button>
            ) : null}
          </div>
        </div>
      </div>
    </section>
  );
}
