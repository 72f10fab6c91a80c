import type { Session } from '../../../api/types';

export function SessionInfoCard({ user }: { user: Session }) {
  return (
    <section className="card" aria-labelledby="session-info-title">
      <h2 id="session-info-title" className="card__title">
        Session Information
      </h2>
      <dl className="kv">
        <div>
          <dt>User ID</dt>
          <dd>
            <code data-testid="user-id">{String(user.id)}</code>
          </dd>
        </div>
        <div>
          <dt>Session ID</dt>
          <dd>
            <code className="break" data-testid="session-id">
              {user.sessionId}
            </code>
          </dd>
        </div>
      </dl>
    </section>
  );
}
