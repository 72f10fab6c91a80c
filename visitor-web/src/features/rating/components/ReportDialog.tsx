import { useEffect, useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Dialog } from '../../../components/Dialog';
import { FlagIcon } from '../../../components/icons';
import { toast } from '../../../components/toast-store';
import { errorMessage, isStatus } from '../../../lib/api-client';
import type { Id, ReportReason } from '../../../api/types';
import { MAX_REPORT_NOTE, REPORT_REASONS, reportMedia } from '../api/report-api';
import './report-dialog.css';

interface ReportDialogProps {
  /** The item being reported; null closes the dialog. */
  mediaId: Id | null;
  onClose: () => void;
  /** The report is on record (sent now, or already before): the item should go. */
  onReported: (mediaId: Id) => void;
}

/** The seven reasons as radio buttons; "Other" asks for a short text. One report per item and visitor. */
export function ReportDialog({ mediaId, onClose, onReported }: ReportDialogProps) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const noteId = useId();
  useEffect(() => {
    setReason(null);
    setNote('');
  }, [mediaId]);

  const send = useMutation({
    mutationFn: (r: { mediaId: Id; reason: ReportReason; note?: string }) => reportMedia(r.mediaId, r.reason, r.note),
    onSuccess: (_res, { mediaId: id }) => {
      toast({
        title: 'Report Sent',
        description: 'Thank you. We will review this media, and you will not see it again.',
        variant: 'success',
      });
      onReported(id);
    },
    onError: (err, { mediaId: id }) => {
      toast({
        title: 'Report Failed',
        description: errorMessage(err, 'Failed to submit report'),
        variant: 'destructive',
      });
      // already on record: the item goes all the same
      if (isStatus(err, 409)) onReported(id);
      else if (isStatus(err, 403) || isStatus(err, 404)) onClose();
    },
  });

  const noteNeeded = reason === 'other' && !note.trim();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (mediaId === null || reason === null || noteNeeded || send.isPending) return;
    send.mutate({ mediaId, reason, note: note.trim() || undefined });
  };

  return (
    <Dialog
      open={mediaId !== null}
      onOpenChange={(o) => !o && !send.isPending && onClose()}
      title="Report this media"
      description="Tell us what is wrong. Reports are anonymous; you will not see this item again."
      icon={<FlagIcon size={22} />}
      size="md"
    >
      <form onSubmit={submit} data-testid="report-dialog">
        <fieldset className="report-reasons">
          <legend className="visually-hidden">Reason</legend>
          {REPORT_REASONS.map((r) => (
            <label key={r.value} className="report-reason">
              <input
                type="radio"
                name="report-reason"
                value={r.value}
                checked={reason === r.value}
                onChange={() => setReason(r.value)}
              />
              {r.label}
            </label>
          ))}
        </fieldset>
        {reason === 'other' ? (
          <div className="report-note">
            <label htmlFor={noteId}>What is wrong?</label>
            <textarea
              id={noteId}
              value={note}
              maxLength={MAX_REPORT_NOTE}
              required
              onChange={(e) => setNote(e.target.value)}
              aria-describedby={`${noteId}-count`}
            />
            <span id={`${noteId}-count`} className="report-note__count">
              {note.length}/{MAX_REPORT_NOTE}
            </span>
          </div>
        ) : null}
        <div className="dialog__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose} disabled={send.isPending}>
            Cancel
          </button>
          <button type="submit" className="btn btn--danger" disabled={reason === null || noteNeeded || send.isPending}>
            {send.isPending ? 'Sending...' : 'Send report'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** The control that opens the dialog: a real button, reachable with Tab. */
export function ReportButton({
  onClick,
  disabled,
  className = '',
}: {
  onClick: () => void;
  disabled?: boolean;
  className?: string;
}) {
  return (
    // aria-disabled, not disabled: a disabled button drops keyboard focus to the page between items
    <button
      type="button"
      className={`report-trigger ${className}`.trim()}
      onClick={() => !disabled && onClick()}
      aria-disabled={disabled ? true : undefined}
    >
      <FlagIcon size={16} /> Report
    </button>
  );
}
