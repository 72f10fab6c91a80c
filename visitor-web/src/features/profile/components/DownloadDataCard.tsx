import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { checkExport, startDownload } from '../api/data-export-api';
import { DATA_EXPORT_TEXTS as T } from '../data-export-texts';
import './data-export-card.css';

type State = { kind: 'idle' } | { kind: 'checking' } | { kind: 'started' } | { kind: 'refused'; message: string };

/**
 * "Download my data" (issue 27): asks the server whether an export may start — so a refusal
 * (once an hour) is shown here with its reason — then lets the browser download the zip itself.
 */
export function DownloadDataCard({ userId }: { userId: number }) {
  const [state, setState] = useState<State>({ kind: 'idle' });

  const download = async () => {
    setState({ kind: 'checking' });
    try {
      await checkExport(userId);
      startDownload(userId);
      setState({ kind: 'started' });
    } catch (err) {
      setState({ kind: 'refused', message: errorMessage(err, T.failed) });
    }
  };

  return (
    <section className="card" aria-labelledby="data-export-title">
      <h2 id="data-export-title" className="card__title">
        {T.title}
      </h2>
      <p className="muted data-export__intro">{T.intro}</p>
      <button
        type="button"
        className="btn btn--secondary btn--block"
        onClick={() => void download()}
        disabled={state.kind === 'checking'}
        aria-describedby="data-export-status"
      >
        {T.button}
      </button>
      <p id="data-export-status" className="muted data-export__status" role="status">
        {state.kind === 'checking' ? T.checking : state.kind === 'started' ? T.started : ''}
      </p>
      {state.kind === 'refused' ? (
        <p className="form-error" role="alert">
          {state.message}
        </p>
      ) : null}
    </section>
  );
}
