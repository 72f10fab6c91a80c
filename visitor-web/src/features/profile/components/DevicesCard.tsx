import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { Spinner } from '../../../components/Spinner';
import { toast } from '../../../components/toast-store';
import { useDevices, useSignOutDevice, useSignOutOthers } from '../api/devices-api';
import { DEVICE_TEXTS as T } from '../devices-texts';
import './devices-card.css';

/** "Active now" within two minutes (last seen is written once a minute), else the day and time. */
export function lastSeenLabel(iso: string, now = Date.now()): string {
  const at = new Date(iso);
  if (now - at.getTime() < 2 * 60_000) return T.activeNow;
  const time = `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
  return T.lastSeen(`${formatDate(at)} ${time}`);
}

/** The Profile's signed-in devices (issue 27): each browser's session, with "Sign out" and "Sign out everywhere else". */
export function DevicesCard({ onLogout }: { onLogout: () => void }) {
  const devices = useDevices();
  const signOut = useSignOutDevice();
  const signOutOthers = useSignOutOthers();
  const others = (devices.data ?? []).filter((d) => !d.current).length;

  const endOne = (id: number) =>
    signOut.mutate(id, {
      onSuccess: () => toast({ title: T.signedOutOne, variant: 'success' }),
      onError: (err) => toast({ title: errorMessage(err, T.failed), variant: 'destructive' }),
    });
  const endOthers = () =>
    signOutOthers.mutate(undefined, {
      onSuccess: (r) => toast({ title: T.signedOutOthers(r.ended), variant: 'success' }),
      onError: (err) => toast({ title: errorMessage(err, T.failed), variant: 'destructive' }),
    });

  return (
    <section className="card" aria-labelledby="devices-title">
      <h2 id="devices-title" className="card__title">
        {T.title}
      </h2>
      <p className="muted">{T.intro}</p>
      {devices.isPending ? (
        <Spinner label="Loading your devices..." />
      ) : devices.isError ? (
        <p className="form-error" role="alert">
          {T.loadFailed}
        </p>
      ) : (
        <ul className="devices" data-testid="devices">
          {devices.data.map((d) => (
            <li key={d.id} className="devices__item">
              <div className="devices__text">
                <span className="devices__name">
                  {d.browser} on {d.system}
                  {d.current ? <span className="devices__badge">{T.thisDevice}</span> : null}
                </span>
                <span className="muted devices__meta">
                  {d.network ?? T.unknownNetwork} · {lastSeenLabel(d.lastSeenAt)}
                </span>
              </div>
              <button
                type="button"
                className="btn btn--sm btn--danger-ghost"
                // this very browser: the app's Logout (the server ends the session, then the spec's steps)
                onClick={() => (d.current ? onLogout() : endOne(d.id))}
                disabled={signOut.isPending}
                aria-label={`${T.signOut}: ${d.browser} on ${d.system}${d.current ? ` (${T.thisDevice})` : ''}`}
              >
                {T.signOut}
              </button>
            </li>
          ))}
        </ul>
      )}
      {others > 0 ? (
        <button
          type="button"
          className="btn btn--secondary btn--block"
          onClick={endOthers}
          disabled={signOutOthers.isPending}
        >
          {T.signOutOthers}
        </button>
      ) : null}
    </section>
  );
}
