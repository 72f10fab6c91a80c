import CampaignIcon from '@mui/icons-material/Campaign';
import {
  Alert,
  Box,
  Card,
  CardContent,
  CardHeader,
  Chip,
  List,
  ListItem,
  ListItemText,
  Skeleton,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, FormDataConsumer, SaveButton, TextInput, Title, useDataProvider, useNotify } from 'react-admin';
import { formatDateTime } from '../lib/format';
import { TEXTS } from '../lib/texts';
import { useNotifyError } from '../lib/useNotifyError';
import type { AdminDataProvider } from '../providers/data-provider';
import { errorMessage, httpStatus } from '../providers/http';
import type { AdConfig } from '../api/types';
import { AdPreview } from './AdPreview';
import { CheckboxInput } from './CheckboxInput';

const ZONE = 'zone1';
// what the form shows before the zone was ever saved (the API answers 404 then)
const NONE: Omit<AdConfig, 'updatedAt'> & { updatedAt: null } = {
  zoneId: ZONE,
  zoneName: TEXTS.defaultZoneName,
  adCode: '',
  isActive: false,
  updatedAt: null,
};

const zoneNameRequired = (v: unknown) => (typeof v === 'string' && v.trim() ? undefined : TEXTS.zoneNameEmpty);

/** Ad Zone 1: zone name, ad code, active checkbox, a sandboxed preview and notes (spec §2). */
export default function AdsPage() {
  const dp = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  // 404: nothing configured yet, which is not an error
  const zone = useQuery({
    queryKey: ['adConfig', ZONE],
    queryFn: () =>
      dp.getAdConfig(ZONE).catch((err) => {
        if (httpStatus(err) === 404) return null;
        throw err;
      }),
    retry: false,
  });
  const save = useMutation({
    mutationFn: (body: { zoneName: string; adCode: string; isActive: boolean }) => dp.saveAdConfig(ZONE, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(['adConfig', ZONE], saved);
      notify('Ad configuration saved', { type: 'success' });
    },
    onError: (err) => notifyError(err, `${TEXTS.saveFailed}: ${TEXTS.saveAdFailed}`),
  });

  const config = zone.data ?? NONE;
  const submit = async (values: Record<string, unknown>) => {
    const zoneName = String(values.zoneName ?? '').trim();
    if (!zoneName) {
      notify(TEXTS.zoneNameEmpty, { type: 'error' });
      return { zoneName: TEXTS.zoneNameEmpty };
    }
    await save
      .mutateAsync({ zoneName, adCode: String(values.adCode ?? ''), isActive: !!values.isActive })
      .catch(() => undefined);
  };

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Ads" />
      <Card variant="outlined" component="section" aria-label="Ad Zone 1">
        <CardHeader
          avatar={<CampaignIcon color="primary" />}
          title={
            <Typography variant="h6" component="h2">
              Ad Zone 1
            </Typography>
          }
          subheader={
            zone.data
              ? `Last saved ${formatDateTime(zone.data.updatedAt)}`
              : zone.isPending
                ? '\u00a0'
                : 'Not configured yet'
          }
          action={
            zone.data !== undefined && (
              <Chip
                sx={{ mt: 1, mr: 1 }}
                color={config.isActive && config.adCode.trim() ? 'success' : 'default'}
                label={config.isActive && config.adCode.trim() ? 'Showing to visitors' : 'Not showing'}
              />
            )
          }
        />
        <CardContent sx={{ pt: 0 }}>
          {zone.isError ? (
            <Alert severity="error">
              Failed to fetch ad configuration
              {httpStatus(zone.error) ? ` (status ${httpStatus(zone.error)})` : ''}: {errorMessage(zone.error)}
            </Alert>
          ) : zone.isPending ? (
            <Skeleton variant="rounded" height={320} />
          ) : (
            <Form
              key={config.updatedAt ?? 'new'}
              record={{ zoneName: config.zoneName, adCode: config.adCode, isActive: config.isActive }}
              onSubmit={submit}
              warnWhenUnsavedChanges
              noValidate
            >
              <Box
                sx={{
                  display: 'grid',
                  gap: 3,
                  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
                }}
              >
                <div>
                  <TextInput source="zoneName" label="Zone name" validate={zoneNameRequired} />
                  <TextInput
                    source="adCode"
                    label="Ad code"
                    multiline
                    minRows={8}
                    maxRows={20}
                    helperText="HTML and scripts from the ad network. Empty disables ads in this zone."
                    parse={(v: string) => v}
                    sx={{ '& textarea': { fontFamily: 'monospace', fontSize: 13 } }}
                  />
                  <CheckboxInput source="isActive" label="Active" helperText="Show this zone's ad to visitors." />
                  <Box>
                    <SaveButton label="Save ad configuration" />
                  </Box>
                </div>
                <div>
                  <Typography variant="subtitle2" component="h3" gutterBottom>
                    Preview
                  </Typography>
                  <FormDataConsumer>
                    {({ formData }) => (
                      <AdPreview code={String(formData.adCode ?? '')} zoneName={String(formData.zoneName ?? '')} />
                    )}
                  </FormDataConsumer>
                  <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
                    Notes
                  </Typography>
                  <List dense disablePadding>
                    {NOTES.map((n) => (
                      <ListItem key={n} disableGutters>
                        <ListItemText
                          primary={n}
                          slotProps={{ primary: { variant: 'body2', color: 'text.secondary' } }}
                        />
                      </ListItem>
                    ))}
                  </List>
                </div>
              </Box>
            </Form>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}

const NOTES = [
  'The ad runs in a sandboxed frame with its own origin: it can run scripts and open links in a new tab, but it can never read the visitor’s session, the page or this portal.',
  'Visitors see the zone only when it is Active and has ad code; the visitor app caches the ad for up to 5 minutes.',
  'The preview renders the code in this form, before you save.',
  'If the ad configuration table is missing, run the Ad Configuration Migration on the DB Admin page.',
];
