import { Box, Chip, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  DataTable,
  DateField,
  List,
  NullableBooleanInput,
  SimpleList,
  TextInput,
  Title,
  useRecordContext,
} from 'react-admin';
import { useMemo } from 'react';
import { namedRows } from '../components/NamedRowsBody';
import { LIST_STALE_MS, PrefetchPagination } from '../components/PrefetchPagination';
import { formatNumber } from '../lib/format';
import { TEXTS } from '../lib/texts';
import { useListLoadError } from '../lib/useListLoadError';
import type { AdminUser } from '../api/types';
import { BannedCell, BanToggle, BulkBanButtons } from './BanActions';
import { LocationField } from './LocationField';
import { DeleteAccount } from './DeleteAccount';
import { SignOutEverywhere } from './SignOutEverywhere';
import { UserTotals } from './UserTotals';

const filters = [
  <TextInput key="q" source="q" label="Search username or e-mail" alwaysOn resettable />,
  <NullableBooleanInput
    key="active"
    source="active"
    label="Active"
    nullLabel="All users"
    trueLabel="Active only"
    falseLabel="Inactive only"
  />,
  <NullableBooleanInput
    key="banned"
    source="banned"
    label="Banned"
    alwaysOn
    nullLabel="All users"
    trueLabel="Banned only"
    falseLabel="Not banned"
  />,
  <NullableBooleanInput
    key="seeded"
    source="seeded"
    label="Populated"
    alwaysOn
    nullLabel="All users"
    trueLabel="Populated only"
    falseLabel="Real users only"
  />,
];

/** Each row's checkbox says whom it selects. */
const UserRows = namedRows<AdminUser>((u) => `Select user ${u.username}`);

/** The server names places in the background: ask for the page again every 3 s while a row waits for one. */
const PLACES_POLL_MS = 3000;
const whilePlacesPending = (query: { state: { data?: { data?: AdminUser[] } } }) =>
  query.state.data?.data?.some((u) => u.locationPending) ? PLACES_POLL_MS : false;

/**
 * Users: three totals and the table User, Contact, Location, Activity, Joined (spec §2), plus
 * issue 12's Banned column, filter and Ban / Unban (per row and for a selection).
 */
export default function UserList() {
  const loadError = useListLoadError(TEXTS.fetchUsersFailed);
  const queryOptions = useMemo(
    () => ({ ...loadError, refetchInterval: whilePlacesPending, staleTime: LIST_STALE_MS }),
    [loadError],
  );
  // a phone gets one block per user (react-admin's SimpleList) instead of five columns
  const compact = useMediaQuery<Theme>((t) => t.breakpoints.down('sm'));
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Users" />
      <UserTotals />
      <List
        resource="users"
        title={false}
        filters={filters}
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={25}
        pagination={<PrefetchPagination rowsPerPageOptions={[10, 25, 50, 100]} />}
        exporter={false}
        disableSyncWithLocation={false}
        queryOptions={queryOptions}
        // a wide table scrolls inside its own wrapper; scrolling the whole list content would clip the
        // bulk toolbar, which slides up over the filters when rows are selected
        sx={{ '& .RaList-main': { minWidth: 0 }, '& .RaDataTable-tableWrapper': { overflowX: 'auto' } }}
      >
        {compact ? (
          <SimpleList<AdminUser>
            linkType={false}
            primaryText={(u) => (
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                  {u.username}
                </Box>
                {u.seeded && <PopulatedBadge />}
              </Box>
            )}
            secondaryText={
              <>
                <ContactCell />
                <LocationField />
                <ActivityCell />
                <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5 }}>
                  <BannedCell />
                  <BanToggle />
                  <SignOutEverywhere />
                  <DeleteAccount />
                </Box>
              </>
            }
            tertiaryText={(u) => new Date(u.createdAt).toLocaleDateString('en', { dateStyle: 'medium' })}
          />
        ) : (
          <DataTable bulkActionButtons={<BulkBanButtons />} rowClick={false} body={UserRows}>
            <DataTable.Col source="username" label="User">
              <UserCell />
            </DataTable.Col>
            <DataTable.Col source="email" label="Contact">
              <ContactCell />
            </DataTable.Col>
            <DataTable.Col label="Location" disableSort>
              <LocationField />
            </DataTable.Col>
            <DataTable.Col source="totalVotes" label="Activity">
              <ActivityCell />
            </DataTable.Col>
            <DataTable.Col source="createdAt" label="Joined">
              <DateField source="createdAt" showTime options={{ dateStyle: 'medium', timeStyle: 'short' }} />
            </DataTable.Col>
            <DataTable.Col label="Banned" disableSort>
              <BannedCell />
            </DataTable.Col>
            <DataTable.Col label="Actions" disableSort>
              <BanToggle />
              <SignOutEverywhere />
              <DeleteAccount />
            </DataTable.Col>
          </DataTable>
        )}
      </List>
    </Box>
  );
}

/** A fake user the vote population created: never a visitor. */
function PopulatedBadge() {
  return (
    <Chip
      component="span"
      size="small"
      variant="outlined"
      // an amber that keeps 4.5:1 on the page in both themes (MUI's warning orange is 3.1:1 on white)
      sx={{
        color: (t) => (t.palette.mode === 'dark' ? t.palette.warning.light : '#92400e'),
        borderColor: 'currentColor',
      }}
      label="Populated"
      title="A fake user created by Populate Votes"
    />
  );
}

function UserCell() {
  const u = useRecordContext<AdminUser>();
  if (!u) return null;
  return (
    <Box sx={{ minWidth: 140 }}>
      {/* a username is one word: it never breaks inside (the table scrolls in its wrapper instead) */}
      <Typography variant="body2" sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>
        {u.username}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          ID {u.id}
        </Typography>
        {u.seeded && <PopulatedBadge />}
      </Stack>
    </Box>
  );
}

function ContactCell() {
  const u = useRecordContext<AdminUser>();
  if (!u) return null;
  if (!u.email)
    return (
      <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
        Anonymous
      </Typography>
    );
  return (
    <Stack component="span" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Typography variant="body2" component="span" sx={{ overflowWrap: 'anywhere' }}>
        {u.email}
      </Typography>
      {u.emailVerified ? (
        <Chip component="span" size="small" color="success" variant="outlined" label="Verified" />
      ) : (
        <Chip component="span" size="small" variant="outlined" label="Unverified" />
      )}
    </Stack>
  );
}

function ActivityCell() {
  const u = useRecordContext<AdminUser>();
  if (!u) return null;
  return (
    <Typography variant="body2" component="span" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
      {formatNumber(u.totalUploads)} uploads · {formatNumber(u.totalVotes)} votes · {formatNumber(u.totalViews)} views
    </Typography>
  );
}
