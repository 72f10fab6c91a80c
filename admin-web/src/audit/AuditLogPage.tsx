import { Box, Chip, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  DataTable,
  DateInput,
  List,
  Pagination,
  SelectInput,
  SimpleList,
  TextInput,
  Title,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import { formatDateTime } from '../lib/format';
import { AUDIT_ACTION_LABELS, auditActionLabel, TRUST_TEXTS } from '../lib/trust-texts';
import { useListLoadError } from '../lib/useListLoadError';
import type { AuditEntry } from '../api/types';
import { ExportAuditButton } from './ExportAuditButton';

const actionChoices = Object.entries(AUDIT_ACTION_LABELS).map(([id, name]) => ({ id, name }));

const filters = [
  <TextInput key="q" source="q" label="Search target or admin" alwaysOn resettable />,
  <SelectInput key="action" source="action" label="Action" alwaysOn emptyText="All actions" choices={actionChoices} />,
  <DateInput key="from" source="from" label="From" alwaysOn />,
  <DateInput key="to" source="to" label="To" alwaysOn />,
];

const Actions = () => (
  <TopToolbar>
    <ExportAuditButton />
  </TopToolbar>
);

/** Audit log (issue 12): every operator action, newest first; filter by action, text and days; CSV export. */
export default function AuditLogPage() {
  const loadError = useListLoadError(TRUST_TEXTS.fetchAuditFailed);
  const compact = useMediaQuery<Theme>((t) => t.breakpoints.down('md'));
  return (
    <Box sx={{ mt: 1 }}>
      <Title title="Audit log" />
      <List
        resource="audit"
        title={false}
        filters={filters}
        actions={<Actions />}
        sort={{ field: 'at', order: 'DESC' }}
        perPage={50}
        pagination={<Pagination rowsPerPageOptions={[25, 50, 100]} />}
        exporter={false}
        empty={false}
        queryOptions={loadError}
        sx={(theme) => ({
          '& .RaList-main': { minWidth: 0 },
          '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
          // on a phone react-admin stacks the filters over the actions in a column where the
          // actions bar takes a 100% basis: four filters then shrink under the list. Neither
          // part may shrink or grow there.
          [theme.breakpoints.down('sm')]: {
            '& .RaList-actions > form': { flexShrink: 0 },
            '& .RaList-actions > .MuiToolbar-root': { flex: '0 0 auto' },
          },
        })}
      >
        {compact ? (
          <SimpleList<AuditEntry>
            linkType={false}
            primaryText={(e) => (
              <Stack component="span" direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <span>{auditActionLabel(e.action)}</span>
                <OutcomeChip />
              </Stack>
            )}
            secondaryText={(e) => (
              <>
                <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                  {e.target}
                </Box>
                <Box component="span" sx={{ display: 'block' }}>
                  {e.admin} · {e.clientAddress}
                </Box>
                {e.detail && (
                  <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                    {e.detail}
                  </Box>
                )}
              </>
            )}
            tertiaryText={(e) => formatDateTime(e.at)}
            empty={<Empty />}
          />
        ) : (
          <DataTable bulkActionButtons={false} rowClick={false} empty={<Empty />}>
            <DataTable.Col source="at" label="Time">
              <TimeCell />
            </DataTable.Col>
            <DataTable.Col source="admin" label="Admin" />
            <DataTable.Col source="action" label="Action">
              <ActionCell />
            </DataTable.Col>
            <DataTable.Col source="target" label="Target" disableSort>
              <WrapCell field="target" />
            </DataTable.Col>
            <DataTable.Col source="outcome" label="Outcome">
              <OutcomeChip />
            </DataTable.Col>
            <DataTable.Col source="clientAddress" label="Client address" disableSort>
              <AddressCell />
            </DataTable.Col>
            <DataTable.Col source="detail" label="Detail" disableSort>
              <WrapCell field="detail" />
            </DataTable.Col>
          </DataTable>
        )}
      </List>
    </Box>
  );
}

const Empty = () => (
  <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
    {TRUST_TEXTS.noAudit}
  </Typography>
);

function TimeCell() {
  const e = useRecordContext<AuditEntry>();
  return e ? (
    <Typography variant="body2" component="time" dateTime={e.at} sx={{ whiteSpace: 'nowrap' }}>
      {formatDateTime(e.at)}
    </Typography>
  ) : null;
}

function ActionCell() {
  const e = useRecordContext<AuditEntry>();
  if (!e) return null;
  return (
    <Box sx={{ minWidth: 140 }}>
      <Typography variant="body2">{auditActionLabel(e.action)}</Typography>
      <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
        {e.action}
      </Typography>
    </Box>
  );
}

function OutcomeChip() {
  const e = useRecordContext<AuditEntry>();
  if (!e) return null;
  return e.outcome === 'ok' ? (
    <Chip component="span" size="small" color="success" variant="outlined" label="OK" />
  ) : (
    <Chip component="span" size="small" color="error" label="Failed" />
  );
}

function AddressCell() {
  const e = useRecordContext<AuditEntry>();
  return e ? (
    <Typography variant="body2" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
      {e.clientAddress}
    </Typography>
  ) : null;
}

function WrapCell({ field }: { field: 'target' | 'detail' }) {
  const e = useRecordContext<AuditEntry>();
  const text = e?.[field];
  if (!text) return null;
  return (
    <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 120, maxWidth: 360 }}>
      {text}
    </Typography>
  );
}
