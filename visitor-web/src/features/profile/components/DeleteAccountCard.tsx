import { useId, useState, type FormEvent } from 'react';
import { Dialog } from '../../../components/Dialog';
import { TrashIcon } from '../../../components/icons';
import { toast } from '../../../components/toast-store';
import { errorMessage } from '../../../lib/api-client';
import type { Session } from '../../../api/types';
import { useDeleteAccount } from '../api/delete-account-api';
import { DELETE_ACCOUNT_TEXTS as T } from '../delete-account-texts';
import './delete-account-card.css';

/**
 * The Profile's danger zone (issue 27): "Delete my account" opens a dialog that says what goes and
 * asks for the username typed out; once the server has it, this browser starts again as a new guest
 * (`onDeleted`: a new session and a reload).
 */
export function DeleteAccountCard({ user, onDeleted }: { user: Session; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const remove = useDeleteAccount();
  const inputId = useId();
  const errorId = useId();

  const close = (next: boolean) => {
    if (remove.isPending) return;
    setOpen(next);
    if (!next) {
      setTyped('');
      setProblem(null);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (typed.trim() !== user.username) {
      setProblem(T.mismatch);
      return;
    }
    setProblem(null);
    remove.mutate(
      { id: user.id, username: typed.trim() },
      {
        onSuccess: () => {
          toast({ title: T.deleted, variant: 'success' });
          onDeleted();
        },
        // the server's reason (a 400 says why the confirmation was refused)
        onError: (err) => setProblem(errorMessage(err, T.failed)),
      },
    );
  };

  return (
    <section className="card danger-zone" aria-labelledby="delete-account-title">
      <h2 id="delete-account-title" className="card__title danger-zone__title">
        {T.title}
      </h2>
      <p className="muted">{T.intro}</p>
      <button type="button" className="btn btn--danger-ghost btn--block" onClick={() => setOpen(true)}>
        <TrashIcon size={18} />
        {T.open}
      </button>
      <Dialog open={open} onOpenChange={close} title={T.dialogTitle} icon={<TrashIcon size={22} />} size="md">
        <form onSubmit={submit} noValidate>
          <p>{T.whatGoes}</p>
          <ul className="delete-account__list">
            {T.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <p className="muted delete-account__stays">{T.whatStays}</p>
          <div className="field">
            <label htmlFor={inputId}>{T.confirmLabel(user.username)}</label>
            <input
              id={inputId}
              className={`input${problem ? ' is-invalid' : ''}`}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoComplete="off"
              autoCapitalize="off"
              autoCorrect="off"
              spellCheck={false}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? errorId : undefined}
              disabled={remove.isPending}
            />
          </div>
          {problem ? (
            <p id={errorId} className="form-error" role="alert">
              {problem}
            </p>
          ) : null}
          <div className="dialog__actions delete-account__actions">
            <button type="button" className="btn btn--ghost" onClick={() => close(false)} disabled={remove.isPending}>
              {T.cancel}
            </button>
            <button type="submit" className="btn btn--danger" disabled={remove.isPending}>
              {remove.isPending ? T.deleting : T.confirm}
            </button>
          </div>
        </form>
      </Dialog>
    </section>
  );
}
