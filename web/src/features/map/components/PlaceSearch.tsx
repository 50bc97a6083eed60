import { useState } from 'react';
import { describeProblem } from '@/api/problem';
import { Field } from '@/ui';
import { usePlaceSearch, type Place } from '../api';
import { useT, type MessageId } from '@/i18n';

/** The kinds of place the geocoders name (GeoNames by size, Nominatim's address types), in words. */
const PLACE_TYPES: Record<string, MessageId> = {
  city: 'map.placeType.city',
  town: 'map.placeType.town',
  village: 'map.placeType.village',
  hamlet: 'map.placeType.hamlet',
  suburb: 'map.placeType.suburb',
  county: 'map.placeType.county',
  state: 'map.placeType.state',
  country: 'map.placeType.country',
  road: 'map.placeType.road',
  place: 'map.placeType.place',
};

/** Type a town's name; once typing pauses, matching places are offered as buttons. */
export function PlaceSearch({ onChoose }: { onChoose: (place: Place) => void }) {
  const t = useT();
  const [term, setTerm] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const results = usePlaceSearch(chosen ? '' : term);
  const searching = term.trim().length >= 2 && !chosen;
  return (
    <div className="place-search">
      <Field
        label={t('map.search.label')}
        name="place-search"
        type="search"
        autoComplete="off"
        hint={t('map.search.hint')}
        value={term}
        onChange={(event) => {
          setChosen(null);
          setTerm(event.target.value);
        }}
      />
      <div aria-live="polite" className="place-results">
        {!searching ? null : results.isFetching && !results.data ? (
          <p className="muted">{t('map.search.searching')}</p>
        ) : results.isError ? (
          <p className="field-message">{describeProblem(results.error)}</p>
        ) : results.data && results.data.length === 0 ? (
          <p className="muted">{t('map.search.none', { term: term.trim() })}</p>
        ) : results.data ? (
          <ul aria-label={t('map.search.results')}>
            {results.data.map((place) => (
              <li key={`${place.latitude},${place.longitude},${place.displayName}`}>
                <button
                  type="button"
                  className="place-result"
                  onClick={() => {
                    setChosen(place.displayName);
                    setTerm(place.displayName);
                    onChoose(place);
                  }}
                >
                  <strong>{place.displayName}</strong>
                  <span className="muted"> · {PLACE_TYPES[place.type] ? t(PLACE_TYPES[place.type]) : place.type}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {chosen ? <p className="muted">{t('map.search.chosen', { place: chosen })}</p> : null}
      </div>
      <p className="field-hint">{t('map.search.credit')}</p>
    </div>
  );
}
