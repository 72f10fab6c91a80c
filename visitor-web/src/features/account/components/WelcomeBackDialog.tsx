import { useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { CheckIcon, UserIcon } from '../../../components/icons';
import { useSession } from '../../../lib/session';
import { useLoginByEmail } from '../hooks/use-account-actions';
import { EmailForm } from './EmailForm';

/** Shown when there is no user and the logged-out flag is set. */
export function WelcomeBackDialog() {
  const { user, isLoading, loggedOut, loginAsNewUser } = useSession();
  const login = useLoginByEmail();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const open = !isLoading && !user && loggedOut;
  return (
    <Dialog
      open={open}
      dismissible={false}
      title="Welcome Back"
      icon={<UserIcon size={22} />}
      description="Log in with the e-mail of your saved account, or start fresh."
    >
      {sentTo ? (
        <p className="notice notice--success" role="status">
          <CheckIcon size={16} />
          {/* one text block: the notice is a flex row of icon and text */}
          <span className="notice__text">
            Login link sent to <strong>{sentTo}</strong>. Open it on this device to continue.
          </span>
        </p>
      ) : null}
      <EmailForm
        submitLabel="Send Login Link"
        pending={login.pending}
        disableWhenEmpty
        onSubmit={(email, reset) => login.submit(email, () => (setSentTo(email.trim()), reset()))}
      />
      <div className="divider">
        <span>or</span>
      </div>
      <button
        type="button"
        className="btn btn--secondary btn--block"
        disabled={starting}
        onClick={() => {
          setStarting(true);
          void loginAsNewUser();
        }}
      >
        {starting ? 'Starting...' : 'Login as a New User'}
      </button>
    </Dialog>
  );
}
