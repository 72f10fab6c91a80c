import { Dialog } from '../../../components/Dialog';
import { ShieldIcon } from '../../../components/icons';
import { useSaveAccount } from '../hooks/use-account-actions';
import { EmailForm } from './EmailForm';

export function SaveAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const save = useSaveAccount('dialog');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Save Your Account"
      icon={<ShieldIcon size={22} />}
      description="Attach your e-mail and we'll send you a magic link. No password needed — use it to get back to your stats from any device."
    >
      <EmailForm
        submitLabel="Send Magic Link"
        pending={save.pending}
        onSubmit={(email, reset) => save.submit(email, () => (reset(), onOpenChange(false)))}
      />
    </Dialog>
  );
}
