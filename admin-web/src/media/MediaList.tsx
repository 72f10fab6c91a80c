import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import { Alert, Box, Button, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { FilterForm, ListBase, Pagination, SelectInput, TextInput, Title, useListContext } from 'react-admin';
import { useEstimatedRangeLabel } from '../components/estimated-total';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { SelectPageButton } from '../components/SelectPageButton';
import { SortMenu, type SortChoice } from '../components/SortMenu';
import { confirmDeleteText, TEXTS } from '../lib/texts';
import type { AdminMedia } from '../api/types';
import { MediaCard } from './MediaCard';
import { MediaPreviewDialog } from './MediaPreviewDialog';
import { MediaTotals } from './MediaTotals';
import { useDeleteMedia } from './useDeleteMedia';
import { httpStatus } from '../providers/http';
import { useListLoadError } from '../lib/useListLoadError';

const filters = [
  <TextInput key="q" source="q" label="Search name or user" alwaysOn resettable />,
  <SelectInput
    key="type"
    source="type"
    label="Type"
    alwaysOn
    emptyText="All types"
    choices={[
      { id: 'image', name: 'Images' },
      { id: 'video', name: 'Videos' },
    ]}
  />,
];

const SORT_CHOICES: SortChoice[] = [
  { field: 'uploadedAt', label: 'Uploaded', kind: 'date' },
  { field: 'originalName', label: 'Name', kind: 'text' },
  { field: 'username', label: 'Uploader', kind: 'text' },
  { field: 'size', label: 'Size', kind: 'number' },
  { field: 'hotPercentage', label: 'Hot %', kind: 'number' },
  // the Wilson lower bound: 90 of 100 above 3 of 3
  { field: 'hotScore', label: 'Hot %, sure of it', kind: 'number' },
  { field: 'hotVotes', label: 'Hot votes', kind: 'number' },
  { field: 'totalVotes', label: 'Votes', kind: 'number' },
  { field: 'totalViews', label: 'Views', kind: 'number' },
];

/** Media: three totals, filters, sort, a card grid with preview and delete, paging, bulk delete. */
export default function MediaList() {
  const loadError = useListLoadError(TEXTS.fetchMediaFailed);
  return (
    <ListBase resource="media" perPage={24} sort={{ field: 'uploadedAt', order: 'DESC' }} queryOptions={loadError}>
      <Title title="Media" />
      <Box sx={{ mt: 2 }}>
        <MediaTotals />
        <MediaBrowser />
      </Box>
    </ListBase>
  );
}

function MediaBrowser() {
  const { data, isPending, error, selectedIds, onToggleItem } = useListContext<AdminMedia>();
  const { deleteOne, deleteSelected, pending } = useDeleteMedia();
  const [preview, setPreview] = useState<AdminMedia | null>(null);
  const [toDelete, setToDelete] = useState<AdminMedia | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const estimatedLabel = useEstimatedRangeLabel();

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }}>
      <Box sx={{ minWidth: 0, '& form': { flexWrap: 'wrap', minHeight: 0 } }}>
        <FilterForm filters={filters} />
      </Box>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', gap: 1, minHeight: 40, mb: 1, flexWrap: 'wrap' }}
        role="toolbar"
        aria-label="Selection and sort"
      >
        <SelectPageButton />
        {selectedIds.length > 0 && (
          <>
            <Typography variant="body2" aria-live="polite">
              {selectedIds.length} selected
            </Typography>
            <Button
              size="small"
              color="error"
              variant="outlined"
              startIcon={<DeleteSweepIcon />}
              onClick={() => setBulkOpen(true)}
            >
              Delete selected
            </Button>
          </>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <SortMenu choices={SORT_CHOICES} />
      </Stack>
      {error && httpStatus(error) !== 401 ? (
        <Alert severity="error">{TEXTS.fetchMediaFailed}</Alert>
      ) : isPending ? (
        <Grid>
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={300} />
          ))}
        </Grid>
      ) : data?.length ? (
        <Grid>
          {data.map((m) => (
            <MediaCard
              key={m.id}
              media={m}
              selected={selectedIds.includes(m.id)}
              onToggle={() => onToggleItem(m.id)}
              onPreview={() => setPreview(m)}
              onDelete={() => setToDelete(m)}
            />
          ))}
        </Grid>
      ) : (
        <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
          No media match. Visitors&apos; uploads and media imported from the bucket show here.
        </Typography>
      )}
      <Pagination
        rowsPerPageOptions={[12, 24, 48, 96]}
        {...(estimatedLabel ? { labelDisplayedRows: estimatedLabel } : {})}
      />

      <MediaPreviewDialog media={preview} onClose={() => setPreview(null)} onDelete={(m) => setToDelete(m)} />
      <ConfirmDialog
        open={!!toDelete}
        title="Delete media"
        confirmLabel="Delete"
        pending={pending}
        onClose={() => setToDelete(null)}
        onConfirm={() =>
          toDelete &&
          deleteOne(toDelete, () => {
            setToDelete(null);
            setPreview(null);
          })
        }
      >
        {toDelete ? confirmDeleteText(toDelete.originalName) : ''}
      </ConfirmDialog>
      <ConfirmDialog
        open={bulkOpen}
        title="Delete selected media"
        confirmLabel={`Delete ${selectedIds.length}`}
        pending={pending}
        onClose={() => setBulkOpen(false)}
        onConfirm={() => deleteSelected(selectedIds as AdminMedia['id'][], () => setBulkOpen(false))}
      >
        {confirmDeleteText(`${selectedIds.length} selected media`)} Their files, votes and views go too.
      </ConfirmDialog>
    </Paper>
  );
}

const Grid = ({ children }: { children: ReactNode }) => (
  <Box
    sx={{
      display: 'grid',
      gap: { xs: 1, sm: 2 },
      gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fill, minmax(190px, 1fr))' },
    }}
  >
    {children}
  </Box>
);
