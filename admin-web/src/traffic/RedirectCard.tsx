import { Alert, Box, Card, CardContent, CardHeader, Chip, Divider, Skeleton, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { formatDateTime } from '../lib/format';

interface Props {
  title: string;
  icon: ReactNode;
  description: string;
  loading: boolean;
  error: string | null;
  current?: { active: boolean; rows: [string, string][]; savedAt: string | null } | undefined | null | false;
  form: ReactNode;
  history: ReactNode;
}

/** One redirect: current settings, the form with its preview, and the history. */
export function RedirectCard({ title, icon, description, loading, error, current, form, history }: Props) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardHeader
        avatar={<Box sx={{ color: 'primary.main', display: 'flex' }}>{icon}</Box>}
        title={
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
        }
        subheader={description}
        action={
          current ? (
            <Chip
              sx={{ mt: 1, mr: 1 }}
              color={current.active ? 'success' : 'default'}
              label={current.active ? 'Active' : 'Disabled'}
            />
          ) : null
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {loading ? (
          <Skeleton variant="rounded" height={220} />
        ) : (
          current && (
            <>
              <Typography variant="subtitle2" component="h3" gutterBottom>
                Current settings
              </Typography>
              <Box
                component="dl"
                sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}
              >
                {current.rows.map(([k, v]) => (
                  <Box key={k} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {k}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-all' }}>
                      {v}
                    </Typography>
                  </Box>
                ))}
                <Typography component="dt" variant="body2" color="text.secondary">
                  Saved
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                  {current.savedAt ? formatDateTime(current.savedAt) : 'Never (defaults)'}
                </Typography>
              </Box>
              <Divider sx={{ my: 2 }} />
              <Typography variant="subtitle2" component="h3">
                Change
              </Typography>
              {form}
              <Divider sx={{ my: 2 }} />
              <Typography variant="subtitle2" component="h3" gutterBottom>
                History
              </Typography>
              {history}
            </>
          )
        )}
      </CardContent>
    </Card>
  );
}
