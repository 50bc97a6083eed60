import { useEffect, useId, useState } from 'react';
import { describeProblem } from '@/api/problem';
import { useT } from '@/i18n';
import { Button, ErrorSummary, Notice } from '@/ui';
import { useRemovePicture, useUploadPicture, type PictureType, type Profile } from '../api';

const TYPES: PictureType[] = ['image/jpeg', 'image/png', 'image/webp'];

export function PictureSection({ account }: { account: Profile }) {
  const t = useT();
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

  const upload = useUploadPicture(setProgress);
  const remove = useRemovePicture();
  const uploadChosen = (picture: File) =>
    upload.mutate(picture, {
      onSuccess: () => {
        setFile(null);
        setDone(t('account.picture.updated'));
      },
      onError: (error) => setProblem(error instanceof Error && !('status' in error) ? error.message : describeProblem(error)),
      onSettled: () => setProgress(null),
    });
  const removePicture = () =>
    remove.mutate(undefined, {
      onSuccess: () => setDone(t('account.picture.removed')),
      onError: (error) => setProblem(describeProblem(error)),
    });

  const choose = (chosen: File | null) => {
    setProblem(null);
    setDone(null);
    if (chosen && !TYPES.includes(chosen.type as PictureType)) {
      setFile(null);
      setProblem(t('account.picture.wrongType'));
      return;
    }
    setFile(chosen);
  };

  const shown = preview ?? account.pictureUrl;
  return (
    <section className="card" aria-labelledby="picture-title">
      <h2 id="picture-title">{t('account.picture.title')}</h2>
      {done ? <Notice tone="success">{done}</Notice> : null}
      <ErrorSummary items={problem ? [{ field: inputId, message: problem }] : []} />
      <div className="picture-row">
        {shown ? (
          <img className="picture-preview" src={shown} alt={preview ? t('account.picture.preview') : t('account.picture.yours')} />
        ) : (
          <div className="picture-preview picture-empty" aria-hidden="true">
            {account.nickname.slice(0, 1).toUpperCase()}
          </div>
        )}
        <div className="picture-controls">
          <div className="field">
            <label htmlFor={inputId}>{account.pictureUrl ? t('account.picture.chooseNew') : t('account.picture.choose')}</label>
            <p className="field-hint">{t('account.picture.hint')}</p>
            <input id={inputId} type="file" accept={TYPES.join(',')} onChange={(event) => choose(event.target.files?.[0] ?? null)} />
          </div>
          {progress !== null ? (
            <div className="field">
              <label htmlFor={`${inputId}-progress`}>{t('account.picture.uploading')}</label>
              <progress id={`${inputId}-progress`} max={1} value={progress}>
                {Math.round(progress * 100)}%
              </progress>
            </div>
          ) : null}
          <div className="actions">
            <Button disabled={!file} busy={upload.isPending} onClick={() => file && uploadChosen(file)}>
              {t('account.picture.upload')}
            </Button>
            {account.pictureUrl && !file ? (
              <Button variant="secondary" busy={remove.isPending} onClick={removePicture}>
                {t('account.picture.remove')}
              </Button>
            ) : null}
          </div>
        </div>
      </div>
    </section>
  );
}
