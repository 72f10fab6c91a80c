import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CloudIcon from '@mui/icons-material/Cloud';
import DeleteIcon from '@mui/icons-material/Delete';
import FolderIcon from '@mui/icons-material/Folder';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import StorageIcon from '@mui/icons-material/Storage';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  InputAdornment,
  LinearProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Title, useDataProvider, useNotify } from 'react-admin';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { StatCard, StatGrid } from '../components/StatCard';
import { useAdminJob } from '../lib/jobs/useAdminJob';
import { formatBytes, formatNumber } from '../lib/format';
import { TEXTS } from '../lib/texts';
import { useNotifyError } from '../lib/useNotifyError';
import type { AdminDataProvider } from '../providers/data-provider';
import { errorMessage } from '../providers/http';
import type { BucketFile, DuplicateResult } from '../api/types';
import { DuplicatePanel } from './DuplicatePanel';
import { duplicatesToSelect } from './duplicates';
import { FileTable } from './FileTable';
import { useBucketView } from './useBucketFiles';

/** The server takes at most this many keys per delete call. */
const DELETE_BATCH = 1000;
/** Spec §9: the list reloads 1000 ms after a successful delete. */
export const RELOAD_AFTER_DELETE_MS = 1000;
const EMPTY: BucketFile[] = [];

/** Storage overview, duplicate detection, and the file list with selection and delete. */
export default function BucketManagerPage() {
  const dp = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const listing = useQuery({ queryKey: ['bucketFiles'], queryFn: () => dp.listBucketFiles(), retry: false });
  const files = listing.data?.files ?? EMPTY;
  const view = useBucketView(files);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const reloadTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(reloadTimer.current), []);

  useEffect(() => {
    if (listing.error) notifyError(listing.error, TEXTS.bucketLoadFailed);
  }, [listing.error, notifyError]);

  // a reload drops keys that are gone from the selection
  useEffect(() => {
    if (!listing.data) return;
    const present = new Set(listing.data.files.map((f) => f.key));
    setSelected((s) => {
      const kept = [...s].filter((k) => present.has(k));
      return kept.length === s.size ? s : new Set(kept);
    });
  }, [listing.data]);

  const duplicates = useAdminJob<DuplicateResult>('find-duplicates', {
    start: () => dp.startDuplicateScan(),
    failureText: TEXTS.duplicatesFailed,
    onDone: (job) =>
      job.state === 'completed'
        ? notify(
            job.result?.duplicateGroups.length
              ? `Found ${job.result.duplicateGroups.length} duplicate groups`
              : 'No duplicates found',
            { type: 'info' },
          )
        : notify(job.error || TEXTS.duplicatesFailed, { type: 'error', autoHideDuration: null }),
  });

  const selectedSize = useMemo(
    () => files.reduce((sum, f) => (selected.has(f.key) ? sum + f.size : sum), 0),
    [files, selected],
  );

  const toggle = (key: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  // the header checkbox works on what the search matches (all pages of it), never on hidden files
  const toggleAll = () =>
    setSelected((s) => {
      const scope = view.filtered;
      const next = new Set(s);
      if (scope.every((f) => s.has(f.key))) for (const f of scope) next.delete(f.key);
      else for (const f of scope) next.add(f.key);
      return next;
    });
  const selectBucket = () => setSelected(new Set(files.map((f) => f.key)));
  const selectDuplicates = (result: DuplicateResult) => {
    const present = new Set(files.map((f) => f.key));
    const keys = duplicatesToSelect(result.duplicateGroups).filter((k) => present.has(k));
    setSelected(new Set(keys));
    notify(`Selected ${keys.length} duplicate files (the newest of each group is kept)`, { type: 'info' });
  };

  const remove = async () => {
    const keys = [...selected];
    setDeleting(true);
    let deleted = 0;
    const errors: string[] = [];
    try {
      for (let i = 0; i < keys.length; i += DELETE_BATCH) {
        const r = await dp.deleteBucketFiles(keys.slice(i, i + DELETE_BATCH));
        deleted += r.deleted.length;
        errors.push(...r.errors.map((e) => `${e.key}: ${e.error}`));
      }
      notify(
        errors.length
          ? `Deleted ${deleted} files; ${errors.length} could not be deleted (${errors.slice(0, 3).join('; ')})`
          : `Deleted ${deleted} files`,
        { type: errors.length ? 'warning' : 'success' },
      );
      setSelected(new Set());
      setConfirmOpen(false);
      void queryClient.invalidateQueries({ queryKey: ['mediaTotals'] });
      void queryClient.invalidateQueries({ queryKey: ['adminStats'] });
      reloadTimer.current = setTimeout(() => void listing.refetch(), RELOAD_AFTER_DELETE_MS);
    } catch (err) {
      notifyError(err, TEXTS.bucketDeleteFailed);
      if (deleted) reloadTimer.current = setTimeout(() => void listing.refetch(), RELOAD_AFTER_DELETE_MS);
    } finally {
      setDeleting(false);
    }
  };

  const provider = listing.data?.provider;
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Bucket Manager" />
      <StatGrid>
        <StatCard
          title="Provider"
          text={provider ? (provider === 's3' ? 'S3' : 'Local disk') : '–'}
          icon={provider === 's3' ? <CloudIcon /> : <FolderIcon />}
          loading={listing.isPending}
          caption={provider === 's3' ? 'object storage' : provider ? 'files on the server' : undefined}
        />
        <StatCard
          title="Total files"
          value={listing.data?.totalFiles}
          icon={<StorageIcon />}
          loading={listing.isPending}
        />
        <StatCard
          title="Total size"
          text={listing.data ? formatBytes(listing.data.totalSize) : '–'}
          icon={<StorageIcon />}
          loading={listing.isPending}
        />
        <StatCard
          title="Selected"
          value={selected.size}
          icon={<CheckBoxIcon />}
          caption={selected.size ? formatBytes(selectedSize) : 'none'}
        />
      </StatGrid>

      <DuplicatePanel
        job={duplicates.job}
        running={duplicates.running}
        onFind={duplicates.start}
        onSelectDuplicates={selectDuplicates}
      />

      <Card variant="outlined">
        <CardContent>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            sx={{ gap: 1, alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 1 }}
          >
            <Typography variant="h6" component="h2">
              Files
            </Typography>
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
              <TextField
                size="small"
                variant="outlined"
                margin="none"
                placeholder="Search files"
                value={view.query}
                onChange={(e) => view.setQuery(e.target.value)}
                slotProps={{
                  htmlInput: { 'aria-label': 'Search files' },
                  input: {
                    startAdornment: (
                      <InputAdornment position="start">
                        <SearchIcon fontSize="small" />
                      </InputAdornment>
                    ),
                  },
                }}
                sx={{ width: { xs: '100%', sm: 220 } }}
              />
              <Button startIcon={<RefreshIcon />} onClick={() => void listing.refetch()} disabled={listing.isFetching}>
                Refresh
              </Button>
              <Button
                color="error"
                variant="contained"
                startIcon={<DeleteIcon />}
                disabled={selected.size === 0 || deleting}
                onClick={() => setConfirmOpen(true)}
              >
                Delete selected ({formatNumber(selected.size)})
              </Button>
            </Stack>
          </Stack>
          {listing.isFetching && <LinearProgress aria-label="Loading bucket files" sx={{ mb: 1 }} />}
          {listing.isError ? (
            <Alert severity="error">{errorMessage(listing.error, TEXTS.bucketLoadFailed)}</Alert>
          ) : (
            !listing.isPending && (
              <FileTable
                view={view}
                total={files.length}
                selected={selected}
                onToggle={toggle}
                onToggleAll={toggleAll}
                onSelectBucket={selectBucket}
                onClear={() => setSelected(new Set())}
              />
            )
          )}
        </CardContent>
      </Card>

      <ConfirmDialog
        open={confirmOpen}
        title="Delete files from the bucket"
        confirmLabel={`Delete ${formatNumber(selected.size)} files`}
        pending={deleting}
        onClose={() => setConfirmOpen(false)}
        onConfirm={remove}
      >
        Are you sure you want to delete {formatNumber(selected.size)} files ({formatBytes(selectedSize)})? Media stored
        under these keys go too, with their votes and views. This action cannot be undone.
      </ConfirmDialog>
    </Box>
  );
}
