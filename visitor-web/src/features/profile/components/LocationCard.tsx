import { useMutation } from '@tanstack/react-query';
import { AlertIcon, MapPinIcon } from '../../../components/icons';
import { formatCoordinate } from '../../../lib/format';
import type { Session } from '../../../api/types';
import { postSession } from '../../../lib/session';
import { errorMessage } from '../../../lib/api-client';
import { useGeolocation } from '../hooks/use-geolocation';
import './location-card.css';

/** Location card (only with coordinates) and the "share my location" request (spec §4, §8). */
export function LocationCard({ user, onSaved }: { user: Session; onSaved: (s: Session) => void }) {
  const geo = useGeolocation();
  const save = useMutation({
    mutationFn: (c: { latitude: number; longitude: number }) =>
      postSession({ sessionId: user.sessionId, username: user.username, ...c }),
    onSuccess: onSaved,
  });
  const has = typeof user.latitude === 'number' && typeof user.longitude === 'number';

  const share = async () => {
    const coords = await geo.request();
    if (coords) save.mutate(coords);
  };
  const busy = geo.state.status === 'loading' || save.isPending;
  const error =
    geo.state.status === 'error'
      ? geo.state.message
      : save.isError
        ? errorMessage(save.error, 'Failed to save location')
        : null;

  return (
    <section className="card" aria-labelledby="location-title">
      <h2 id="location-title" className="card__title">
        <MapPinIcon size={18} /> {has ? 'Location' : 'Share Your Location'}
      </h2>
      {has ? (
        <>
          <p className="coords" data-testid="coords">
            <span>
              <span className="muted">Latitude</span> {formatCoordinate(user.latitude!)}
            </span>
            <span>
              <span className="muted">Longitude</span> {formatCoordinate(user.longitude!)}
            </span>
          </p>
          <p className="field__hint">
            Your location is private: it is never shown to other visitors and is only used for anonymous, coarse
            statistics.
          </p>
        </>
      ) : (
        <p className="muted">
          Let us know roughly where you are. It stays private and is never shown to other visitors.
        </p>
      )}
      {error ? (
        <p className="form-error" role="alert" data-testid="location-error">
          <AlertIcon size={14} /> {error}
        </p>
      ) : null}
      <div className="form__actions">
        <button type="button" className="btn btn--secondary" onClick={() => void share()} disabled={busy}>
          <MapPinIcon size={16} /> {busy ? 'Getting location...' : has ? 'Update my location' : 'Share my location'}
        </button>
      </div>
    </section>
  );
}
