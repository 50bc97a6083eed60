import { useState } from 'react';
import { describeProblem } from '@/api/problem';
import { Field } from '@/ui';
import { usePlaceSearch, type Place } from '../api';

/** Type a town's name; once typing pauses, matching places are offered as buttons. */
export function PlaceSearch({ onChoose }: { onChoose: (place: Place) => void }) {
  const [term, setTerm] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const results = usePlaceSearch(chosen ? '' : term);
  const searching = term.trim().length >= 2 && !chosen;
  return (
    <div className="place-search">
      <Field
        label="Search for a place"
        name="place-search"
        type="search"
        autoComplete="off"
        hint="A town or city, e.g. “Lisbon”"
        value={term}
        onChange={(event) => {
          setChosen(null);
          setTerm(event.target.value);
        }}
      />
      <div aria-live="polite" className="place-results">
        {!searching ? null : results.isFetching && !results.data ? (
          <p className="muted">Searching…</p>
        ) : results.isError ? (
          <p className="field-message">{describeProblem(results.error)}</p>
        ) : results.data && results.data.length === 0 ? (
          <p className="muted">No place found for “{term.trim()}”.</p>
        ) : results.data ? (
          <ul aria-label="Places found">
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
                  <span className="muted"> · {place.type}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {chosen ? <p className="muted">Chosen: {chosen}</p> : null}
      </div>
      <p className="field-hint">Place names: GeoNames (CC BY 4.0).</p>
    </div>
  );
}
