import { CheckIcon } from '../../../components/icons';
import { formatDate, initials } from '../../../lib/format';
import type { Session } from '../../../api/types';
import './profile-card.css';

export function ProfileCard({ user }: { user: Session }) {
  return (
    <section className="card profile-card" aria-label="Profile">
      <div className="avatar avatar--xl" aria-hidden="true">
        {initials(user.username)}
      </div>
      <div className="profile-card__text">
        <h2 className="profile-card__name" data-testid="profile-username">
          {user.username}
        </h2>
        <p className="muted">Member since {formatDate(user.createdAt)}</p>
        {user.emailVerified ? (
          <span className="badge badge--success">
            <CheckIcon size={14} /> Account saved
          </span>
        ) : (
          <span className="badge badge--muted">Guest account</span>
        )}
      </div>
    </section>
  );
}
