import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { MailIcon } from '../../../components/icons';

interface EmailFormProps {
  label?: string;
  submitLabel: string;
  pendingLabel?: string;
  pending: boolean;
  /** Login forms disable the button while the field is empty (spec §5). */
  disableWhenEmpty?: boolean;
  onSubmit: (email: string, reset: () => void) => void;
  footer?: ReactNode;
  initialEmail?: string;
}

/** E-mail field + button; Enter submits (it is a real form). */
export function EmailForm({
  label = 'Email address',
  submitLabel,
  pendingLabel = 'Sending...',
  pending,
  disableWhenEmpty = false,
  onSubmit,
  footer,
  initialEmail = '',
}: EmailFormProps) {
  const id = useId();
  const [email, setEmail] = useState(initialEmail);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(email, () => setEmail(''));
  };
  return (
    <form className="form" onSubmit={submit}>
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <div className="input-icon">
          <MailIcon size={18} aria-hidden="true" />
          <input
            id={id}
            className="input"
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="you@example.com"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
      </div>
      <button
        type="submit"
        className="btn btn--primary btn--block"
        disabled={pending || (disableWhenEmpty && email === '')}
      >
        {pending ? pendingLabel : submitLabel}
      </button>
      {footer}
    </form>
  );
}
