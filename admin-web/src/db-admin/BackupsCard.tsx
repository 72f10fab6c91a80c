import BackupIcon from '@mui/icons-material/Backup';
import {
  Button,
  Card,
  CardContent,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import { JobProgress } from '../components/JobProgress';
import { formatBytes, formatDateTime } from '../lib/format';
import { useAdminJob } from '../lib/jobs/useAdminJob';
import type { AdminDataProvider } from '../providers/data-provider';
import type { BackupResult } from '../api/types';

const FAILED_TEXT = 'The database backup failed';
const BACKUPS_KEY = ['databaseBackups'];

/**
 * The database backups (issue 28): the ones kept in BACKUP_DIR, newest first, and "Back up now"
 * (the same job the schedule runs) with its progress. Restoring is a command (README), not a
 * button: it replaces everything and stops the app.
 */
export function BackupsCard() {
  const dp = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const backups = useQuery({ queryKey: BACKUPS_KEY, queryFn: () => dp.listBackups() });
  const job = useAdminJob<BackupResult>('backup-database', {
    start: () => dp.startBackup(),
    failureText: FAILED_TEXT,
    onDone: (done) => {
      void queryClient.invalidateQueries({ queryKey: BACKUPS_KEY });
      if (done.state === 'completed' && done.result) {
        notify(`Backup written: ${done.result.backup.name} (${formatBytes(done.result.backup.bytes)})`, {
          type: 'success',
        });
      } else {
        notify(done.error ? `${FAILED_TEXT}: ${done.error}` : FAILED_TEXT, { type: 'error', autoHideDuration: null });
      }
    },
  });
  const list = backups.data ?? [];
  return (
    <Card variant="outlined" component="section" aria-labelledby="backups-title" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2" id="backups-title">
          Database backups
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Taken on a schedule while the site serves (BACKUP_EVERY_HOURS, the newest BACKUP_KEEP kept). Restore one with
          scripts/restore, as the README says.
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }} aria-live="polite">
          {backups.isPending
            ? 'Listing…'
            : backups.isError
              ? 'Could not list the backups'
              : list.length
                ? `Last backup: ${formatDateTime(list[0]!.takenAt)}`
                : 'No backup yet'}
        </Typography>
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
          <Button variant="contained" startIcon={<BackupIcon />} onClick={job.start} disabled={job.running}>
            {job.running ? 'Backing up…' : 'Back up now'}
          </Button>
        </Stack>
        {job.job && <JobProgress job={job.job} label="Backup" />}
        {list.length > 0 && (
          <TableContainer>
            <Table size="small" aria-label="Database backups">
              <TableHead>
                <TableRow>
                  <TableCell>Taken</TableCell>
                  <TableCell>File</TableCell>
                  <TableCell align="right">Size</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.map((b) => (
                  <TableRow key={b.name}>
                    <TableCell>{formatDateTime(b.takenAt)}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-all' }}>{b.name}</TableCell>
                    <TableCell align="right">{formatBytes(b.bytes)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}
