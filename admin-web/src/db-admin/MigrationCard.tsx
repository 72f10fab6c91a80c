import BuildIcon from '@mui/icons-material/Build';
import { Alert, Button, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { useNotifyError } from '../lib/useNotifyError';

interface Props<R> {
  title: string;
  description: string;
  run: () => Promise<R>;
  describe: (r: R) => string;
  failureText: string;
}

/** A one-button, idempotent repair (traffic handler or ad configuration tables) and its answer. */
export function MigrationCard<R>({ title, description, run, describe, failureText }: Props<R>) {
  const notify = useNotify();
  const notifyError = useNotifyError();
  const m = useMutation({
    mutationFn: run,
    onSuccess: (r) => notify(`${title}: ${describe(r)}`, { type: 'success' }),
    onError: (err) => notifyError(err, failureText),
  });
  return (
    <Card variant="outlined" component="section" aria-label={title} sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {description}
        </Typography>
        <Button
          variant="outlined"
          onClick={() => m.mutate()}
          disabled={m.isPending}
          startIcon={m.isPending ? <CircularProgress size={16} color="inherit" /> : <BuildIcon />}
        >
          Run {title}
        </Button>
        {m.isSuccess && (
          <Alert severity="success" sx={{ mt: 1.5 }}>
            {describe(m.data)}
          </Alert>
        )}
        {m.isError && (
          <Alert severity="error" sx={{ mt: 1.5 }}>
            {failureText}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
