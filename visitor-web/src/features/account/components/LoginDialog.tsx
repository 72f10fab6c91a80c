import { Dialog } from '../../../components/Dialog';
import { SwitchUserIcon } from '../../../components/icons';
import { useLoginByEmail } from '../hooks/use-account-actions';
import { EmailForm } from './EmailForm';

export function LoginDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const login = useLoginByEmail();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Login as Different User"
      icon={<SwitchUserIcon size={22} />}
      description="Enter the e-mail of a saved account and we'll send you a secure login link."
    >
      <EmailForm
        submitLabel="Send Login Link"
        pending={login.pending}
        disableWhenEmpty
        onSubmit={(email, reset) => login.submit(email, () => (reset(), onOpenChange(false)))}
      />
    </Dialog>
  );
}
