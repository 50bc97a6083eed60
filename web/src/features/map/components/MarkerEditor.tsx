import { lazy, Suspense, useCallback, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { applyProblem, type SummaryItem } from '@/api/form-errors';
import { Button, ErrorSummary, Field, LoadState, Page, Skeleton } from '@/ui';
import { mapApi, useMapMutation, useMarker, type MarkerDetail } from '../api';
import { PinMap } from './lazy-maps';
import { PlaceSearch } from './PlaceSearch';
import { IMAGE_TYPES } from '@/api/upload';
import { useT } from '@/i18n';

const RichTextEditor = lazy(() => import('./RichTextEditor'));

interface MarkerValues {
  title: string;
  date: string;
  rating: string;
  address: string;
  description: string;
  latitude: string;
  longitude: string;
}
const FIELDS = ['title', 'date', 'rating', 'address', 'description', 'latitude', 'longitude'] as const;

function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** /map/new (optionally ?lat=&lng= from a tap on the map) and /map/markers/:id/edit. */
export default function MarkerEditor() {
  const { markerId } = useParams();
  return markerId ? <EditMarker markerId={markerId} /> : <NewMarker />;
}

function NewMarker() {
  const t = useT();
  const [params] = useSearchParams();
  const lat = params.get('lat');
  const lng = params.get('lng');
  return (
    <Page title={t('map.new')}>
      <MarkerForm initial={{ title: '', date: today(), rating: '', address: '', description: '', latitude: lat ?? '', longitude: lng ?? '' }} />
    </Page>
  );
}

function EditMarker({ markerId }: { markerId: string }) {
  const t = useT();
  const marker = useMarker(markerId);
  return (
    <Page title={t('map.edit')}>
      <LoadState query={marker}>
        {(data) => (
          <MarkerForm
            existing={data}
            initial={{
              title: data.title,
              date: data.date,
              rating: String(data.rating),
              address: data.address ?? '',
              description: data.description,
              latitude: String(data.latitude),
              longitude: String(data.longitude),
            }}
          />
        )}
      </LoadState>
    </Page>
  );
}

const coordinate = (min: number, max: number, message: string) => (value: string) =>
  (value.trim() !== '' && Number.isFinite(Number(value)) && Number(value) >= min && Number(value) <= max) || message;

function MarkerForm({ initial, existing }: { initial: MarkerValues; existing?: MarkerDetail }) {
  const t = useT();
  const navigate = useNavigate();
  const [summary, setSummary] = useState<SummaryItem[]>([]);
  const [photos, setPhotos] = useState<File[]>([]);
  const save = useMapMutation((body: Parameters<typeof mapApi.create>[0]) => (existing ? mapApi.update({ id: existing.id, body }) : mapApi.create(body)));
  const { register, handleSubmit, setError, setValue, watch, control, formState } = useForm<MarkerValues>({ defaultValues: initial });
  const latitude = watch('latitude');
  const rating = Number(watch('rating')) || 0;
  const longitude = watch('longitude');
  const pick = useCallback(
    (lat: number, lng: number, address?: string) => {
      setValue('latitude', String(lat), { shouldValidate: formState.isSubmitted });
      setValue('longitude', String(lng), { shouldValidate: formState.isSubmitted });
      if (address !== undefined) setValue('address', address);
    },
    [setValue, formState.isSubmitted],
  );
  const submit = handleSubmit(async (values) => {
    setSummary([]);
    try {
      const marker = await save.mutateAsync({
        title: values.title.trim(),
        date: values.date,
        // no star chosen: the API's default rating
        rating: values.rating ? Number(values.rating) : undefined,
        address: values.address.trim() || null,
        description: values.description,
        latitude: Number(values.latitude),
        longitude: Number(values.longitude),
      });
      // the photos go up on the place's page right away, with their progress
      navigate(`/map/markers/${marker.id}`, { replace: Boolean(existing), state: photos.length ? { photos } : undefined });
    } catch (error) {
      setSummary(
        applyProblem(error, FIELDS, setError, {
          title: t('map.field.title'),
          date: t('map.field.date'),
          rating: t('map.field.rating'),
          address: t('map.field.address'),
          description: t('map.field.description'),
          latitude: t('map.field.latitude'),
          longitude: t('map.field.longitude'),
        }),
      );
    }
  });
  const errors = formState.errors;
  const has = latitude.trim() !== '' && longitude.trim() !== '' && Number.isFinite(Number(latitude)) && Number.isFinite(Number(longitude));
  return (
    <form onSubmit={submit} noValidate className="marker-form">
      <ErrorSummary items={summary} />
      <Field
        label={t('map.field.title')}
        maxLength={100}
        error={errors.title?.message}
        {...register('title', { required: t('map.field.title.required'), validate: (value) => value.trim().length > 0 || t('map.field.title.required') })}
      />

      <fieldset className={errors.latitude || errors.longitude ? 'field-error' : undefined}>
        <legend>{t('map.form.where')}</legend>
        <PlaceSearch onChoose={(place) => pick(place.latitude, place.longitude, place.displayName)} />
        <PinMap
          latitude={has ? Number(latitude) : null}
          longitude={has ? Number(longitude) : null}
          onPick={(lat, lng) => pick(lat, lng)}
          label={t('map.form.pin')}
        />
        <p className="field-hint">{t('map.form.pinHint')}</p>
        {/* open when a coordinate is wrong, so its message is seen */}
        <details className="form-more" open={Boolean(errors.latitude || errors.longitude || errors.address) || undefined}>
          <summary>{t('map.form.coordinates')}</summary>
          <div className="grid-2">
            <Field
              label={t('map.field.latitude')}
              inputMode="decimal"
              error={errors.latitude?.message}
              {...register('latitude', { validate: coordinate(-90, 90, t('map.field.latitude.invalid')) })}
            />
            <Field
              label={t('map.field.longitude')}
              inputMode="decimal"
              error={errors.longitude?.message}
              {...register('longitude', { validate: coordinate(-180, 180, t('map.field.longitude.invalid')) })}
            />
          </div>
          <Field label={t('map.field.addressOptional')} maxLength={500} error={errors.address?.message} {...register('address')} />
        </details>
      </fieldset>

      <div className="grid-2">
        <Field label={t('map.field.date')} type="date" error={errors.date?.message} {...register('date', { required: t('map.field.date.required') })} />
        <fieldset className="rating" id="rating">
          <legend>{rating ? t('map.field.rating') : t('map.field.ratingNone')}</legend>
          <div className="rating-options">
            {[1, 2, 3, 4, 5].map((value) => (
              <label key={value}>
                <input type="radio" value={String(value)} {...register('rating')} />
                <span aria-hidden="true" className={value <= rating ? 'star-on' : 'star-off'}>
                  {value <= rating ? '★' : '☆'}
                </span>
                <span className="visually-hidden">{t('map.stars', { count: value })}</span>
              </label>
            ))}
          </div>
        </fieldset>
      </div>

      <details className="form-more" open={Boolean(errors.description || initial.description) || undefined}>
        <summary>{t('map.form.addDescription')}</summary>
        <div className={`field${errors.description ? ' field-error' : ''}`}>
          <span className="label" id="description-label">
            {t('map.field.descriptionOptional')}
          </span>
          {errors.description ? <p className="field-message">{errors.description.message}</p> : null}
          <Controller
            control={control}
            name="description"
            render={({ field }) => (
              <Suspense fallback={<Skeleton lines={3} />}>
                <RichTextEditor id="description" labelId="description-label" initialHtml={initial.description} onChange={field.onChange} />
              </Suspense>
            )}
          />
        </div>
      </details>

      {existing ? null : (
        <div className="field">
          <label htmlFor="new-place-photos">{t('map.form.photos')}</label>
          <p className="field-hint" id="new-place-photos-hint">
            {t('map.form.photosHint')}
          </p>
          <input
            id="new-place-photos"
            type="file"
            accept={IMAGE_TYPES.join(',')}
            multiple
            aria-describedby="new-place-photos-hint"
            onChange={(event) => setPhotos([...(event.target.files ?? [])])}
          />
        </div>
      )}

      <div className="actions">
        <Button type="submit" busy={formState.isSubmitting}>
          {existing ? t('map.save') : t('map.add')}
        </Button>
        <Link to={existing ? `/map/markers/${existing.id}` : '/map'}>{t('common.cancel')}</Link>
      </div>
    </form>
  );
}
