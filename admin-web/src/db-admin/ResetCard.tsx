import WarningIcon from '@mui/icons-material/Warning';
import {
  Alert,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { TEXTS } from '../lib/texts';

type Step = 'closed' | 'warning' | 'confirm';

/**
 * Database Reset in two steps (spec §2, §4): a warning, then a final confirm that asks to type
 * RESET DATABASE. Cancel at either step returns to the page with nothing done.
 */
export function ResetCard({ onReset, pending }: { onReset: () => Promise<boolean>; pending: boolean }) {
  const [step, setStep] = useState<Step>('closed');
  const [phrase, setPhrase] = useState('');
  const titleId = useId();
  const close = () => {
    if (pending) return;
    setStep('closed');
    setPhrase('');
  };
  const confirm = async () => {
    if (phrase !== TEXTS.resetPhrase) return;
    if (await onReset()) close();
  };
  return (
    <Card variant="outlined" component="section" aria-label="Database Reset" sx={{ borderColor: 'error.main' }}>
      <CardContent>
        <Typography variant="h6" component="h2" color="error">
          Database Reset
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          Deletes every user, media row, vote and view. Files in the bucket and the redirect and ad settings are kept.
        </Typography>
        <Button color="error" variant="outlined" startIcon={<WarningIcon />} onClick={() => setStep('warning')}>
          Reset Database
        </Button>
      </CardContent>
      <Dialog open={step !== 'closed'} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
        {step === 'warning' ? (
          <>
            <DialogTitle id={titleId}>Reset the database?</DialogTitle>
            <DialogContent>
              <Alert severity="warning" sx={{ mb: 2 }}>
                This permanently deletes all users, media rows, votes and views. It cannot be undone.
              </Alert>
              <DialogContentText>
                Files stay in the bucket: Import Media from Bucket brings the media back, without their votes. Redirect
                and ad settings are kept.
              </DialogContentText>
            </DialogContent>
            <DialogActions>
              <Button onClick={close} autoFocus>
                Cancel
              </Button>
              <Button color="error" variant="contained" onClick={() => setStep('confirm')}>
                Continue
              </Button>
            </DialogActions>
          </>
        ) : (
          <>
            <DialogTitle id={titleId}>Final confirmation</DialogTitle>
            <DialogContent>
              <DialogContentText sx={{ mb: 1 }}>
                Type <strong>{TEXTS.resetPhrase}</strong> to confirm.
              </DialogContentText>
              <TextField
                autoFocus
                fullWidth
                label="Confirmation"
                value={phrase}
                onChange={(e) => setPhrase(e.target.value)}
                onKeyDown={(e) => e.key === 'Enter' && void confirm()}
                disabled={pending}
                autoComplete="off"
                slotProps={{ htmlInput: { spellCheck: false, 'aria-describedby': `${titleId}-hint` } }}
              />
              <Typography id={`${titleId}-hint`} variant="caption" color="text.secondary">
                The button is enabled once the text matches exactly.
              </Typography>
            </DialogContent>
            <DialogActions>
              <Button onClick={close} disabled={pending}>
                Cancel
              </Button>
              <Button
                color="error"
                variant="contained"
                onClick={() => void confirm()}
                disabled={phrase !== TEXTS.resetPhrase || pending}
                startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}
              >
                Reset Database
              </Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </Card>
  );
}
