import TimerIcon from '@mui/icons-material/Timer';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, FormDataConsumer, NumberInput, SaveButton, TextInput, useDataProvider, useNotify } from 'react-admin';
import { TEXTS } from '../lib/texts';
import { useNotifyError } from '../lib/useNotifyError';
import type { AdminDataProvider } from '../providers/data-provider';
import type { IdleRedirectConfig } from '../api/types';
import { ConfigHistory } from './ConfigHistory';
import { checkIdleForm, describeSeconds, IDLE_MAX, IDLE_MIN } from './idle-form';
import { RedirectCard } from './RedirectCard';
import { RedirectPreview } from './RedirectPreview';

interface Props {
  config: IdleRedirectConfig | undefined;
  history: IdleRedirectConfig[];
  loading: boolean;
  error: string | null;
}

/** Idle redirect: after N seconds without activity, visitors go to a URL (spec §4, §5). */
export function IdleRedirectCard({ config, history, loading, error }: Props) {
  const dp = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: { idleRedirectTime: number; idleRedirectUrl: string }) => dp.saveIdleConfig(body),
    onSuccess: (saved) => {
      queryClient.setQueryData(['idleConfig'], saved);
      void queryClient.invalidateQueries({ queryKey: ['idleHistory'] });
      notify(saved.isActive ? 'Idle redirect saved' : 'Idle redirect saved (disabled: no URL)', { type: 'success' });
    },
    onError: (err) => notifyError(err, `${TEXTS.saveFailed}: ${TEXTS.saveIdleFailed}`),
  });

  const submit = async (values: Record<string, unknown>) => {
    const checked = checkIdleForm({
      idleRedirectTime: values.idleRedirectTime,
      idleRedirectUrl: values.idleRedirectUrl,
    });
    if (!checked.ok) {
      notify(checked.message, { type: 'error' });
      return { [checked.field]: checked.message };
    }
    await save.mutateAsync(checked.value).catch(() => undefined);
  };

  return (
    <RedirectCard
      title="Idle redirect"
      icon={<TimerIcon />}
      description="Sends visitors who stay inactive to another site. Disabled on every /adm page."
      loading={loading}
      error={error}
      current={
        config && {
          active: config.isActive,
          rows: [
            ['Idle time', `${config.idleRedirectTime} seconds (${describeSeconds(config.idleRedirectTime)})`],
            ['URL', config.idleRedirectUrl || 'None (disabled)'],
          ],
          savedAt: config.createdAt,
        }
      }
      form={
        config && (
          <Form
            key={`${config.id}-${config.createdAt}`}
            record={{ idleRedirectTime: config.idleRedirectTime, idleRedirectUrl: config.idleRedirectUrl }}
            onSubmit={submit}
            warnWhenUnsavedChanges
            noValidate
          >
            <NumberInput
              source="idleRedirectTime"
              label="Idle time (seconds)"
              min={IDLE_MIN}
              max={IDLE_MAX}
              step={10}
              helperText={`${IDLE_MIN}–${IDLE_MAX} seconds; empty means ${IDLE_MIN}`}
            />
            <TextInput
              source="idleRedirectUrl"
              label="Redirect URL"
              type="url"
              helperText="https://… — leave empty to disable"
              parse={(v: string) => v}
            />
            <SaveButton label="Save idle redirect" />
            <FormDataConsumer>
              {({ formData }) => {
                const t = Number(formData.idleRedirectTime) || IDLE_MIN;
                const url = String(formData.idleRedirectUrl ?? '').trim();
                return (
                  <div style={{ marginTop: 16 }}>
                    <RedirectPreview url={url}>
                      {url
                        ? `After ${describeSeconds(Math.max(IDLE_MIN, t))} without a click, key press, scroll or touch, the visitor is sent to:`
                        : 'No URL: visitors are never redirected when idle.'}
                    </RedirectPreview>
                  </div>
                );
              }}
            </FormDataConsumer>
          </Form>
        )
      }
      history={
        <ConfigHistory
          label="Idle redirect history"
          entries={history}
          describe={(e) => `${e.idleRedirectTime} s → ${e.idleRedirectUrl || 'no URL'}`}
        />
      }
    />
  );
}
