import BlockIcon from '@mui/icons-material/Block';
import CheckIcon from '@mui/icons-material/Check';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import { Alert, Box, Paper, Skeleton, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { ListBase, Pagination, Title, useListContext, type Identifier } from 'react-admin';
import { SortMenu, type SortChoice } from '../components/SortMenu';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { SelectPageButton } from '../components/SelectPageButton';
import { confirmDeleteText } from '../lib/texts';
import { TRUST_TEXTS } from '../lib/trust-texts';
import { httpStatus } from '../providers/http';
import { useListLoadError } from '../lib/useListLoadError';
import type { ModerationItem as Item } from '../api/types';
import { BanDialog } from '../components/BanDialog';
import { useBanUsers } from '../lib/useBanUsers';
import { DecisionButton, ModerationItem } from './ModerationItem';
import { ModerationPreviewDialog } from './ModerationPreviewDialog';
import { useModerationActions } from './useModerationActions';

type Tab = 'open' | 'decided';

const SORT_CHOICES: SortChoice[] = [
  { field: 'reports', label: 'Reports', kind: 'number' },
  { field: 'lastReportedAt', label: 'Last reported', kind: 'date' },
];
const DECIDED_CHOICE: SortChoice = { field: 'decidedAt', label: 'Decided', kind: 'date' };

/** Moderation (issue 12): reported media, most reports first; keep, delete or ban the uploader. */
export default function ModerationPage() {
  const loadError = useListLoadError(TRUST_TEXTS.fetchModerationFailed);
  return (
    <ListBase
      resource="moderation"
      perPage={20}
      sort={{ field: 'reports', order: 'DESC' }}
      filterDefaultValues={{ status: 'open' }}
      queryOptions={loadError}
    >
      <Title title="Moderation" />
      <Box sx={{ mt: 2 }}>
        <Queue />
      </Box>
    </ListBase>
  );
}

/** What a ban asks about: the uploaders, by id, with a name to show. */
type Uploaders = Map<Identifier, string>;

function Queue() {
  const {
    data,
    isPending,
    error,
    filterValues,
    displayedFilters,
    setFilters,
    selectedIds,
    onToggleItem,
    onUnselectItems,
  } = useListContext<Item>();
  const tab: Tab = filterValues.status === 'decided' ? 'decided' : 'open';
  const decided = tab === 'decided';
  const { keep, remove, pending: deciding } = useModerationActions();
  const { ban, pending: banning } = useBanUsers();
  const pending = deciding || banning;

  // rows seen on any page, so a selection made across pages still knows each row's uploader
  const seen = useRef(new Map<Identifier, Item>());
  for (const row of data ?? []) seen.current.set(row.id, row);

  const [preview, setPreview] = useState<Item | null>(null);
  const [toDelete, setToDelete] = useState<Identifier[]>([]);
  const [toBan, setToBan] = useState<Uploaders>(new Map());

  const uploadersOf = (ids: Identifier[]): Uploaders =>
    new Map(
      ids
        .map((id) => seen.current.get(id))
        .filter((row): row is Item => !!row)
        .map((row) => [row.uploaderId, row.uploaderName]),
    );
  const deleteLabel =
    toDelete.length === 1 ? (seen.current.get(toDelete[0]!)?.originalName ?? 'this media') : undefined;

  const closePreview = () => setPreview(null);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }}>
      <Tabs
        value={tab}
        onChange={(_, next: Tab) => {
          onUnselectItems();
          setFilters({ ...filterValues, status: next }, displayedFilters);
        }}
        aria-label="Moderation status"
        sx={{ mb: 1 }}
      >
        <Tab value="open" label="Open" />
        <Tab value="decided" label="Decided" />
      </Tabs>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', gap: 1, minHeight: 40, mb: 1, flexWrap: 'wrap' }}
        role="toolbar"
        aria-label="Selection and sort"
      >
        {!decided && <SelectPageButton />}
        {!decided && selectedIds.length > 0 && (
          <>
            <Typography variant="body2" aria-live="polite">
              {selectedIds.length} selected
            </Typography>
            <DecisionButton
              color="success"
              startIcon={<CheckIcon />}
              disabled={pending}
              onClick={() => keep(selectedIds)}
            >
              Keep selected
            </DecisionButton>
            <DecisionButton
              color="error"
              startIcon={<DeleteSweepIcon />}
              disabled={pending}
              onClick={() => setToDelete(selectedIds)}
            >
              Delete selected
            </DecisionButton>
            <DecisionButton
              color="error"
              startIcon={<BlockIcon />}
              disabled={pending}
              onClick={() => setToBan(uploadersOf(selectedIds))}
            >
              Ban uploaders
            </DecisionButton>
          </>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <SortMenu choices={decided ? [...SORT_CHOICES, DECIDED_CHOICE] : SORT_CHOICES} />
      </Stack>

      {error && httpStatus(error) !== 401 ? (
        <Alert severity="error">{TRUST_TEXTS.fetchModerationFailed}</Alert>
      ) : isPending ? (
        <Stack spacing={1}>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={140} />
          ))}
        </Stack>
      ) : data?.length ? (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Reported media">
          {data.map((item) => (
            <ModerationItem
              key={item.id}
              item={item}
              decided={decided}
              pending={pending}
              selected={selectedIds.includes(item.id)}
              onToggle={() => onToggleItem(item.id)}
              onPreview={() => setPreview(item)}
              onKeep={() => keep([item.id])}
              onDelete={() => setToDelete([item.id])}
              onBan={() => setToBan(uploadersOf([item.id]))}
            />
          ))}
        </Stack>
      ) : (
        <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
          {decided ? TRUST_TEXTS.noDecisions : TRUST_TEXTS.noOpenReports}
        </Typography>
      )}
      <Pagination rowsPerPageOptions={[10, 20, 50]} />

      <ModerationPreviewDialog
        item={preview}
        pending={pending}
        onClose={closePreview}
        onKeep={() => preview && keep([preview.id], closePreview)}
        onDelete={() => preview && setToDelete([preview.id])}
        onBan={() => preview && setToBan(uploadersOf([preview.id]))}
      />
      <ConfirmDialog
        open={toDelete.length > 0}
        title={toDelete.length > 1 ? 'Delete selected media' : 'Delete media'}
        confirmLabel={toDelete.length > 1 ? `Delete ${toDelete.length}` : 'Delete'}
        pending={pending}
        onClose={() => setToDelete([])}
        onConfirm={() =>
          remove(toDelete, () => {
            setToDelete([]);
            closePreview();
          })
        }
      >
        {deleteLabel
          ? confirmDeleteText(deleteLabel)
          : `${confirmDeleteText(`${toDelete.length} selected media`)} Their files, votes and views go too.`}
      </ConfirmDialog>
      <BanDialog
        names={[...toBan.values()]}
        pending={pending}
        onClose={() => setToBan(new Map())}
        onConfirm={(deleteMedia) =>
          ban([...toBan.keys()], deleteMedia, () => {
            setToBan(new Map());
            closePreview();
            onUnselectItems();
          })
        }
      />
    </Paper>
  );
}
