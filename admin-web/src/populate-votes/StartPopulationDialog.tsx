import { Alert, Checkbox, FormControlLabel, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { formatNumber } from '../lib/format';
import type { Population } from '../api/types';

interface Props {
  open: boolean;
  population: Population;
  pending: boolean;
  onClose: () => void;
  /** `confirmAgain`: the operator agreed to add a population on top of an earlier one's users. */
  onConfirm: (confirmAgain: boolean) => void;
}

/**
 * Before Start: what the run will add (from the server's plan over the media that exist now), and
 * while an earlier population's fake users remain, a second, explicit agreement to add another.
 */
export function StartPopulationDialog({ open, population: p, pending, onClose, onConfirm }: Props) {
  const [again, setAgain] = useState(false);
  useEffect(() => {
    if (open) setAgain(false);
  }, [open]);
  const { plan } = p;
  const earlier = p.seededUsers > 0;
  return (
    <ConfirmDialog
      open={open}
      title="Start vote population?"
      confirmLabel={earlier ? 'Add another population' : 'Start population'}
      danger={earlier}
      pending={pending}
      confirmDisabled={earlier && !again}
      onClose={onClose}
      onConfirm={() => onConfirm(earlier)}
    >
      <Typography component="span" sx={{ display: 'block' }}>
        It will add 10-50 votes, each with its view, to every one of the{' '}
        <strong>{formatNumber(plan.mediaCount)} media</strong> that exist now: between{' '}
        <strong>{formatNumber(plan.minVotes)}</strong> and <strong>{formatNumber(plan.maxVotes)} votes</strong> in all,
        with a Hot bias of 70-100% per media, cast by <strong>{formatNumber(plan.usersToCreate)} new fake users</strong>
        . Visitors cannot tell these votes from real ones; "Remove populated votes and users" takes them away again.
      </Typography>
      {earlier && (
        <>
          <Alert severity="warning" sx={{ mt: 2 }}>
            A previous population's {formatNumber(p.seededUsers)} fake users and their votes are still in the database.
            This adds another population on top of them; to replace them, remove them first.
          </Alert>
          <FormControlLabel
            sx={{ mt: 1 }}
            control={<Checkbox checked={again} onChange={(e) => setAgain(e.target.checked)} />}
            label="Add another population anyway"
          />
        </>
      )}
    </ConfirmDialog>
  );
}
