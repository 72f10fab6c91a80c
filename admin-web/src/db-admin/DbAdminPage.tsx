import FavoriteIcon from '@mui/icons-material/Favorite';
import PeopleIcon from '@mui/icons-material/People';
import PermMediaIcon from '@mui/icons-material/PermMedia';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Box } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Title, useDataProvider, useNotify } from 'react-admin';
import { StatCard, StatGrid } from '../components/StatCard';
import { useAdminJob } from '../lib/jobs/useAdminJob';
import { TEXTS } from '../lib/texts';
import { useNotifyError } from '../lib/useNotifyError';
import type { AdminDataProvider } from '../providers/data-provider';
import type { ImportResult } from '../api/types';
import { BackupsCard } from './BackupsCard';
import { DbTests } from './DbTests';
import { ImportCard } from './ImportCard';
import { MigrationCard } from './MigrationCard';
import { RenditionsCard } from './RenditionsCard';
import { ResetCard } from './ResetCard';
import { useDbTests } from './useDbTests';

/** Spec §9: the checks re-run 1 second after an import. */
export const RECHECK_AFTER_IMPORT_MS = 1000;

/** DB Admin (/adm/dbtest): checks, totals, import, the two migrations and the two-step reset. */
export default function DbAdminPage() {
  const dp = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const { tests, run, runAll, runningAll } = useDbTests();
  const stats = useQuery({ queryKey: ['adminStats'], queryFn: () => dp.getStats() });
  const recheck = useRef<ReturnType<typeof setTimeout>>(undefined);

  const refreshAll = () => {
    void runAll();
    void queryClient.invalidateQueries({ queryKey: ['adminStats'] });
    void queryClient.invalidateQueries({ queryKey: ['mediaTotals'] });
    void queryClient.invalidateQueries({ queryKey: ['userTotals'] });
  };

  useEffect(() => {
    void runAll();
    return () => clearTimeout(recheck.current);
  }, [runAll]);

  const importJob = useAdminJob<ImportResult>('import-media', {
    start: () => dp.startImport(),
    failureText: TEXTS.importFailed,
    onDone: (job) => {
      if (job.state === 'completed' && job.result) {
        const r = job.result;
        notify(`Imported ${r.imported} of ${r.totalFiles} files (${r.skipped} skipped, ${r.errors} errors)`, {
          type: r.errors ? 'warning' : 'success',
        });
      } else {
        notify(job.error ? `${TEXTS.importFailed}: ${job.error}` : TEXTS.importFailed, {
          type: 'error',
          autoHideDuration: null,
        });
      }
      clearTimeout(recheck.current);
      recheck.current = setTimeout(refreshAll, RECHECK_AFTER_IMPORT_MS);
    },
  });

  const reset = useMutation({
    mutationFn: () => dp.resetDatabase(),
    onSuccess: (r) => {
      notify(r.message || 'Database reset', { type: 'success' });
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'adminJobs' });
      refreshAll();
    },
    onError: (err) => notifyError(err, TEXTS.resetFailed),
  });

  const s = stats.data;
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="DB Admin" />
      <DbTests tests={tests} running={runningAll} onRunAll={() => void runAll()} onRun={(n) => void run(n)} />
      <StatGrid>
        <StatCard title="Users" value={s?.totalUsers} icon={<PeopleIcon />} to="/users" loading={stats.isPending} />
        <StatCard title="Media" value={s?.totalMedia} icon={<PermMediaIcon />} to="/media" loading={stats.isPending} />
        <StatCard
          title="Votes"
          value={s?.totalVotes}
          icon={<FavoriteIcon />}
          to="/export-votes"
          loading={stats.isPending}
        />
        <StatCard title="Views" value={s?.totalViews} icon={<VisibilityIcon />} loading={stats.isPending} />
      </StatGrid>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          mb: 2,
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            md: 'repeat(2, minmax(0, 1fr))',
            xl: 'repeat(3, minmax(0, 1fr))',
          },
        }}
      >
        <ImportCard job={importJob.job} running={importJob.running} onStart={importJob.start} />
        <RenditionsCard />
        <BackupsCard />
        <MigrationCard
          title="Traffic Handler Migration"
          description="Creates the idle-redirect and back-button tables and indexes if missing, with disabled defaults."
          run={() => dp.migrateTraffic()}
          describe={(r) =>
            `${r.idleConfigsCreated} idle configs, ${r.backButtonCreated} back-button configs and ${r.indexesCreated} indexes created`
          }
          failureText={TEXTS.trafficMigrationFailed}
        />
        <MigrationCard
          title="Ad Configuration Migration"
          description="Creates the ad_configs table and its indexes if missing and seeds a disabled 'Ad Zone 1'."
          run={() => dp.migrateAds()}
          describe={(r) =>
            r.error
              ? `${TEXTS.adMigrationFailed}: ${r.error}`
              : `${r.message || 'Done'} (${r.adConfigsCreated} configs, ${r.indexesCreated} indexes created)`
          }
          failureText={TEXTS.adMigrationFailed}
        />
      </Box>
      <ResetCard
        pending={reset.isPending}
        onReset={() =>
          reset.mutateAsync().then(
            () => true,
            () => false,
          )
        }
      />
    </Box>
  );
}
