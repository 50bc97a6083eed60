import { useT } from '@/i18n';

/** A 1–5 rating as stars, read out as "Rated 4 of 5". */
export function Stars({ rating }: { rating: number }) {
  const t = useT();
  return (
    <span className="stars" role="img" aria-label={t('map.rated', { rating })}>
      {'★'.repeat(rating)}
      <span className="stars-off">{'★'.repeat(Math.max(0, 5 - rating))}</span>
    </span>
  );
}
