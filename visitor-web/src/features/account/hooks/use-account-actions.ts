import { useMutation } from '@tanstack/react-query';
import { toast } from '../../../components/toast-store';
import { errorMessage } from '../../../lib/api-client';
import { track } from '../../../lib/analytics';
import { setLoggedOut } from '../../../lib/session-storage';
import { useSession } from '../../../lib/session';
import { loginExisting, sendMagicLink } from '../api/account-api';

/** Save account: e-mail non-empty after trimming and a user present (spec §5). */
export function useSaveAccount(variant: 'dialog' | 'profile') {
  const { user } = useSession();
  const mutation = useMutation({
    mutationFn: (email: string) => sendMagicLink({ email, username: user!.username, sessionId: user!.sessionId }),
  });
  const submit = (rawEmail: string, onDone?: () => void) => {
    const email = rawEmail.trim();
    if (!email || !user) {
      toast({
        title: 'Email Required',
        description: 'Please enter your email address to save your account.',
        variant: 'destructive',
      });
      return;
    }
    mutation.mutate(email, {
      onSuccess: () => {
        track('magic_link', { kind: 'save-account' });
        toast({
          title: 'Magic Link Sent!',
          description:
            variant === 'profile'
              ? 'Check your email for a secure login link to save your account'
              : 'Check your email for a secure login link',
          variant: 'success',
        });
        onDone?.();
      },
      onError: (err) =>
        toast({
          title: 'Failed to Send Magic Link',
          description: errorMessage(err, 'Please try again later'),
          variant: 'destructive',
        }),
    });
  };
  return { submit, pending: mutation.isPending };
}

/** Login by e-mail (existing account). Sending clears the logged-out flag (spec §4). */
export function useLoginByEmail() {
  const mutation = useMutation({ mutationFn: (email: string) => loginExisting(email) });
  const submit = (rawEmail: string, onDone?: () => void) => {
    const email = rawEmail.trim();
    if (!email) {
      toast({
        title: 'Email Required',
        description: 'Please enter your email address to login.',
        variant: 'destructive',
      });
      return;
    }
    mutation.mutate(email, {
      onSuccess: () => {
        setLoggedOut(false);
        track('magic_link', { kind: 'login' });
        toast({
          title: 'Login Link Sent!',
          description: 'Check your email for a secure login link to access your existing account',
          variant: 'success',
        });
        onDone?.();
      },
      onError: (err) =>
        toast({
          title: 'Failed to Send Login Link',
          description: errorMessage(err, 'Please check your email address and try again'),
          variant: 'destructive',
        }),
    });
  };
  return { submit, pending: mutation.isPending };
}
