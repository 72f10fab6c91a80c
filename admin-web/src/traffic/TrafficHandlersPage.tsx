import { Alert, AlertTitle, Box, Button } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title, useDataProvider } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { TEXTS } from '../lib/texts';
import type { AdminDataProvider } from '../providers/data-provider';
import { errorMessage, httpStatus } from '../providers/http';
import { BackButtonCard } from './BackButtonCard';
import { IdleRedirectCard } from './IdleRedirectCard';

const fetchError = (err: unknown, what: string) =>
  err
    ? `${what}${httpStatus(err) ? ` (status ${httpStatus(err)})` : ''}: ${errorMessage(err, TEXTS.unknownError)}`
    : null;

/**
 * The idle-redirect and back-button cards. Both reads failing with 500 means the tables are
 * missing: the migration notice shows at once (no retries delaying it) and links to DB Admin.
 */
export default function TrafficHandlersPage() {
  const dp = useDataProvider<AdminDataProvider>();
  const idle = useQuery({ queryKey: ['idleConfig'], queryFn: () => dp.getIdleConfig(), retry: false });
  const back = useQuery({ queryKey: ['backButtonConfig'], queryFn: () => dp.getBackButtonConfig(), retry: false });
  // spec §7: a non-ok history answer gives an empty list
  const idleHistory = useQuery({
    queryKey: ['idleHistory'],
    queryFn: () => dp.getIdleHistory().catch(() => []),
    retry: false,
  });
  const backHistory = useQuery({
    queryKey: ['backButtonHistory'],
    queryFn: () => dp.getBackButtonHistory().catch(() => []),
    retry: false,
  });
  const tableMissing = httpStatus(idle.error) === 500 && httpStatus(back.error) === 500;

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Traffic Handlers" />
      {tableMissing ? (
        <Alert
          severity="warning"
          action={
            <Button component={RouterLink} to="/dbtest" color="inherit" size="small">
              Open DB Admin
            </Button>
          }
        >
          <AlertTitle>{TEXTS.tableMissing}</AlertTitle>
          The traffic handler tables do not exist in this database. Run the Traffic Handler Migration on the DB Admin
          page, then come back.
        </Alert>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          <IdleRedirectCard
            config={idle.data}
            history={idleHistory.data ?? []}
            loading={idle.isPending}
            error={fetchError(idle.error, TEXTS.fetchIdleFailed)}
          />
          <BackButtonCard
            config={back.data}
            history={backHistory.data ?? []}
            loading={back.isPending}
            error={fetchError(back.error, TEXTS.fetchBackButtonFailed)}
          />
        </Box>
      )}
    </Box>
  );
}
