import { CheckIcon, ShieldIcon } from '../../../components/icons';
import type { Session } from '../../../api/types';
import { useSaveAccount } from '../hooks/use-account-actions';
import { EmailForm } from './EmailForm';
import './save-card.css';

export function SaveAccountCard({ user }: { user: Session }) {
  const save = useSaveAccount('profile');
  return (
    <section className="card save-card" aria-labelledby="save-card-title">
      <h2 id="save-card-title" className="card__title">
        Save Your Account
      </h2>
      {user.emailVerified ? (
        <div className="save-card__done" data-testid="account-saved">
          <div className="save-card__icon save-card__icon--done" aria-hidden="true">
            <CheckIcon size={22} />
          </div>
          <div>
            <h3 className="save-card__heading">Account Saved!</h3>
            <p className="muted">
              Saved to <strong>{user.email}</strong>
            </p>
          </div>
        </div>
      ) : (
        <>
          <div className="save-card__intro">
            <div className="save-card__icon" aria-hidden="true">
              <ShieldIcon size={22} />
            </div>
            <div>
              <h3 className="save-card__heading">Secure Account Access</h3>
              <p className="muted">
                We'll e-mail you a magic link. Open it to save this account and log in on any device — no password
                needed.
              </p>
            </div>
          </div>
          <EmailForm
            submitLabel="Send Magic Link"
            pending={save.pending}
            onSubmit={(email, reset) => save.submit(email, reset)}
            initialEmail={user.email ?? ''}
          />
        </>
      )}
    </section>
  );
}
