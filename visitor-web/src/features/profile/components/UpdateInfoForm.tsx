import { useEffect, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { toast } from '../../../components/toast-store';
import { AlertIcon, CheckIcon } from '../../../components/icons';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api-client';
import { track } from '../../../lib/analytics';
import type { Session } from '../../../api/types';
import { updateProfile } from '../api/profile-api';
import { USERNAME_MIN, useUsernameAvailability } from '../hooks/use-username-availability';

export function UpdateInfoForm({ user, onSaved }: { user: Session; onSaved: (s: Session) => void }) {
  const [username, setUsername] = useState(user.username);
  const [email, setEmail] = useState(user.email ?? '');
  useEffect(() => {
    setUsername(user.username);
    setEmail(user.email ?? '');
  }, [user.username, user.email]);

  const availability = useUsernameAvailability(username, user.username);
  const mutation = useMutation({
    mutationFn: (changes: { username?: string; email?: string }) => updateProfile(user.id, changes),
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (availability === 'taken') {
      toast({
        title: 'Username Unavailable',
        description: 'Please choose a different username.',
        variant: 'destructive',
      });
      return;
    }
    const changes: { username?: string; email?: string } = {};
    if (username.trim() !== user.username) changes.username = username.trim();
    if (email.trim() !== (user.email ?? '')) changes.email = email.trim();
    if (Object.keys(changes).length === 0) {
      toast({ title: 'No Changes', description: 'No changes were made to your profile.' });
      return;
    }
    mutation.mutate(changes, {
      // the answer is the profile (no sessionId): the session keeps its own
      onSuccess: (profile) => {
        onSaved({ ...user, ...profile });
        track('profile_update', { fields: Object.keys(changes) });
        toast({ title: 'Profile Updated', description: 'Your changes have been saved.', variant: 'success' });
      },
      onError: (err) =>
        toast({
          title: 'Update Failed',
          description: errorMessage(err, 'Failed to update profile'),
          variant: 'destructive',
        }),
    });
  };

  const tooShort = username.trim().length > 0 && username.trim().length < USERNAME_MIN;
  return (
    <section className="card" aria-labelledby="update-info-title">
      <h2 id="update-info-title" className="card__title">
        Update Information
      </h2>
      <form className="form" onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor="profile-username">Username</label>
          <input
            id="profile-username"
            className={`input${availability === 'taken' ? ' is-invalid' : ''}${availability === 'available' ? ' is-valid' : ''}`}
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            autoComplete="username"
            spellCheck={false}
            required
            minLength={USERNAME_MIN}
            aria-describedby="username-status"
            aria-invalid={availability === 'taken' || undefined}
          />
          <p
            id="username-status"
            className="field__status"
            aria-live="polite"
            data-testid="username-status"
            data-state={availability}
          >
            {availability === 'checking' && (
              <span className="muted">
                <Spinner inline label="Checking" /> Checking availability...
              </span>
            )}
            {availability === 'available' && (
              <span className="text-success">
                <CheckIcon size={14} /> Username is available
              </span>
            )}
            {availability === 'taken' && (
              <span className="text-danger">
                <AlertIcon size={14} /> Username is already taken
              </span>
            )}
            {availability === 'unknown' && tooShort && (
              <span className="muted">At least {USERNAME_MIN} characters</span>
            )}
          </p>
        </div>
        <div className="field">
          <label htmlFor="profile-email">
            Email <span className="muted">(optional)</span>
          </label>
          <input
            id="profile-email"
            className="input"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoComplete="email"
            placeholder="you@example.com"
            aria-describedby="email-hint"
          />
          <p id="email-hint" className="field__hint">
            Add your email to help recover your account if needed
          </p>
        </div>
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" disabled={mutation.isPending}>
            {mutation.isPending ? 'Saving...' : 'Save Changes'}
          </button>
        </div>
      </form>
    </section>
  );
}
