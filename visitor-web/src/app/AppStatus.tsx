import { useOnline } from '../lib/online';
import { applyUpdate, useUpdateReady } from './service-worker';
import './app-status.css';

/** The link and version lines above the page: offline (what waits for the link) and a new version. */
export function AppStatus() {
  const online = useOnline();
  const updateReady = useUpdateReady();
  return (
    <>
      <div role="status" className="app-status-slot">
        {online ? null : (
          <p className="app-status" data-testid="offline-banner">
            Offline — your votes and uploads wait
          </p>
        )}
      </div>
      {updateReady ? (
        <div className="app-status app-status--update" role="status">
          <span>A new version is ready.</span>
          <button type="button" className="btn btn--sm btn--primary" onClick={applyUpdate}>
            Reload
          </button>
        </div>
      ) : null}
    </>
  );
}
