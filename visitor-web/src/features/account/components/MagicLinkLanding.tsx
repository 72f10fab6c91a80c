import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../../components/toast-store';
import { track } from '../../../lib/analytics';
import { useSession } from '../../../lib/session';

const ERRORS: Record<string, string> = {
  'invalid-token': 'Invalid or expired magic link',
  'expired-token': 'Magic link has expired',
  'invalid-user': 'User verification failed',
  'verification-failed': 'Account verification failed',
};

export function verificationErrorMessage(code: string): string {
  return ERRORS[code] ?? 'Something went wrong';
}

/** Magic-link landing: reads verified / session / error, greets, then goes to / after 1 s. */
export function MagicLinkLanding() {
  const navigate = useNavigate();
  const { user, isLoading } = useSession();
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current || isLoading) return;
    const params = new URLSearchParams(window.location.search);
    const verified = params.get('verified');
    const error = params.get('error');
    if (!verified && !error) return;
    handled.current = true;
    if (error) {
      track('magic_link', { result: 'error', code: error });
      toast({ title: 'Verification Error', description: verificationErrorMessage(error), variant: 'destructive' });
      navigate('/', { replace: true });
      return;
    }
    if (verified === 'true' && user) {
      track('magic_link', { result: 'verified' });
      toast({ title: 'Welcome back', description: `You're signed in as ${user.username}.`, variant: 'success' });
      window.setTimeout(() => navigate('/', { replace: true }), 1000);
      return;
    }
    navigate('/', { replace: true });
  }, [isLoading, user, navigate]);

  return null;
}
