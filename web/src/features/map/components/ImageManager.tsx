import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { describeProblem } from '@/api/problem';
import { Dialog, LoadState, Notice } from '@/ui';
import { DragHandle, SortableList } from '@/ui/SortableList';
import { imagesKey, mapApi, markerKey, useMarkerImages, type MarkerImage } from '../api';
import { IMAGE_TYPES, uploadFile } from '@/api/upload';
import { useT, type MessageId } from '@/i18n';

interface Upload {
  key: string;
  name: string;
  progress: number;
  stage: 'Uploading' | 'Checking' | 'Processing' | 'Done' | 'Failed';
  error?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Photos of a place: upload several (with progress), follow their processing, reorder, view, delete. */
const STAGE: Record<Upload['stage'], MessageId> = {
  Uploading: 'map.upload.Uploading',
  Checking: 'map.upload.Checking',
  Processing: 'map.upload.Processing',
  Done: 'map.upload.Done',
  Failed: 'map.upload.Failed',
};

export function ImageManager({ markerId, title, pending }: { markerId: string; title: string; pending?: File[] }) {
  const t = useT();
  const client = useQueryClient();
  const images = useMarkerImages(markerId);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [viewing, setViewing] = useState<MarkerImage | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: imagesKey(markerId) }), client.invalidateQueries({ queryKey: markerKey(markerId) })]);
  const update = (key: string, change: Partial<Upload>) => setUploads((list) => list.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));

  /** The presigned flow: ask for a URL, PUT the bytes there, confirm, then follow the file's processing. */
  const uploadOne = async (file: File, key: string) => {
    try {
      if (!IMAGE_TYPES.includes(file.type)) throw new Error(t('map.photos.type'));
      const ticket = await mapApi.startUpload({ id: markerId, file });
      await uploadFile(ticket, file, (progress) => update(key, { progress }));
      update(key, { stage: 'Checking', progress: 1 });
      const confirmed = await mapApi.confirmUpload({ id: markerId, imageId: ticket.imageId });
      update(key, { stage: 'Processing' });
      await refresh();
      for (let attempt = 0; attempt < 120; attempt += 1) {
        const status = await mapApi.fileStatus(confirmed.fileId);
        if (status.status === 'Completed') break;
        if (status.status === 'Failed') throw new Error(status.error || t('map.photos.processingFailed'));
        await sleep(1000);
      }
      update(key, { stage: 'Done' });
    } catch (error) {
      update(key, { stage: 'Failed', error: error instanceof Error && !('status' in error) ? error.message : describeProblem(error) });
    } finally {
      await refresh();
    }
  };

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    await addFiles(files);
  };

  // photos chosen in the new-place form: uploaded as soon as the place exists, here, with progress
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !pending?.length) return;
    started.current = true;
    void addFiles(pending);
    // once, for the files the form handed over
  }, [pending]);

  const addFiles = async (files: File[]) => {
    if (!files.length) return;
    setMessage(null);
    const batch = files.map((file, index) => ({ key: `${Date.now()}-${index}`, name: file.name, progress: 0, stage: 'Uploading' as const }));
    setUploads((list) => [...list.filter((upload) => upload.stage !== 'Done'), ...batch]);
    // one after the other: the marker's image limit is checked in order, and a phone's uplink is shared anyway
    for (const [index, file] of files.entries()) await uploadOne(file, batch[index].key);
  };

  const reorder = async (ids: string[]) => {
    setMessage(null);
    const previous = client.getQueryData<MarkerImage[]>(imagesKey(markerId));
    client.setQueryData<MarkerImage[]>(
      imagesKey(markerId),
      (list) => list && ids.map((id, order) => ({ ...(list.find((image) => image.id === id) as MarkerImage), order })),
    );
    try {
      client.setQueryData(imagesKey(markerId), await mapApi.reorderImages({ id: markerId, imageIds: ids }));
      await client.invalidateQueries({ queryKey: markerKey(markerId) });
    } catch (error) {
      client.setQueryData(imagesKey(markerId), previous);
      setMessage(t('common.orderNotChanged', { problem: describeProblem(error) }));
    }
  };

  const remove = async (image: MarkerImage) => {
    setMessage(null);
    try {
      await mapApi.deleteImage({ id: markerId, imageId: image.id });
    } catch (error) {
      setMessage(describeProblem(error));
    }
    await refresh();
    if (viewing?.id === image.id) setViewing(null);
  };

  const busy = uploads.some((upload) => upload.stage === 'Uploading' || upload.stage === 'Checking');
  return (
    <div className="images">
      {message ? <Notice tone="warning">{message}</Notice> : null}
      <LoadState query={images} skeletonLines={2}>
        {(list) =>
          list.length === 0 ? (
            <p className="muted">{t('map.photos.empty')}</p>
          ) : (
            <>
              <SortableList
                layout="grid"
                label={t('map.photos.of', { title })}
                items={[...list].sort((a, b) => a.order - b.order)}
                getId={(image) => image.id}
                getLabel={(image) => t('map.photo', { number: list.findIndex((candidate) => candidate.id === image.id) + 1 })}
                onReorder={reorder}
                renderItem={(image, { handle }) => {
                  const number = [...list].sort((a, b) => a.order - b.order).findIndex((candidate) => candidate.id === image.id) + 1;
                  const name = t('map.photo', { number });
                  return (
                    <figure className="image-tile">
                      {image.status === 'Completed' && image.thumbnailUrl ? (
                        <button type="button" className="image-open" onClick={() => setViewing(image)} aria-label={t('map.photo.open', { name, title })}>
                          <img src={image.thumbnailUrl} alt={t('map.photo.alt', { name, title })} data-image-id={image.id} />
                        </button>
                      ) : (
                        <span
                          className="image-pending"
                          data-image-id={image.id}
                          role="img"
                          aria-label={image.status === 'Failed' ? t('map.photo.failedLabel', { name }) : t('map.photo.processingLabel', { name })}
                        >
                          {image.status === 'Failed' ? t('map.upload.Failed') : t('map.photo.processing')}
                        </span>
                      )}
                      <figcaption className="image-actions">
                        <DragHandle handle={handle} label={t('map.photo.move', { name })} />
                        <button type="button" className="icon-btn danger" aria-label={t('map.photo.delete', { name })} onClick={() => remove(image)}>
                          <Trash2 size={18} aria-hidden="true" />
                        </button>
                      </figcaption>
                    </figure>
                  );
                }}
              />
              <p className="field-hint">{t('map.photos.reorderHint')}</p>
            </>
          )
        }
      </LoadState>

      <div className="field">
        <label htmlFor="photo-files">{t('map.photos.add')}</label>
        <p className="field-hint" id="photo-files-hint">
          {t('map.photos.addHint')}
        </p>
        <input
          ref={input}
          id="photo-files"
          type="file"
          accept={IMAGE_TYPES.join(',')}
          multiple
          disabled={busy}
          aria-describedby="photo-files-hint"
          onChange={onFiles}
        />
      </div>
      {uploads.length ? (
        <ul className="uploads" aria-label={t('map.uploads')}>
          {uploads.map((upload) => (
            <li key={upload.key}>
              <span className="upload-name">{upload.name}</span>
              <progress max={1} value={upload.stage === 'Uploading' ? upload.progress : 1} aria-label={t('map.upload.of', { name: upload.name })} />
              <span className={upload.stage === 'Failed' ? 'field-message' : 'muted'}>
                {upload.stage === 'Failed'
                  ? upload.error
                  : upload.stage === 'Uploading'
                    ? t('map.upload.percent', { percent: Math.round(upload.progress * 100) })
                    : t(STAGE[upload.stage])}
              </span>
            </li>
          ))}
        </ul>
      ) : null}

      <Dialog open={viewing !== null} title={title} onClose={() => setViewing(null)}>
        {viewing?.url ? <img className="image-full" src={viewing.url} alt={t('map.photo.full', { title })} /> : null}
      </Dialog>
    </div>
  );
}
