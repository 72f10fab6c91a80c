import UndoIcon from '@mui/icons-material/Undo';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, FormDataConsumer, SaveButton, TextInput, useDataProvider, useNotify } from 'react-admin';
import { TEXTS } from '../lib/texts';
import { useNotifyError } from '../lib/useNotifyError';
import type { AdminDataProvider } from '../providers/data-provider';
import type { BackButtonConfig } from '../api/types';
import { ConfigHistory } from './ConfigHistory';
import { checkBackButtonForm } from './idle-form';
import { RedirectCard } from './RedirectCard';
import { RedirectPreview } from './RedirectPreview';

interface Props {
  config: BackButtonConfig | undefined;
  history: BackButtonConfig[];
  loading: boolean;
  error: string | null;
}

/** Back-button redirect: Back (or a left-edge swipe) takes visitors to a URL (spec §4). */
export function BackButtonCard({ config, history, loading, error }: Props) {
  const dp = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: { backButtonUrl: string }) => dp.saveBackButtonConfig(body),
    onSuccess: (saved) => {
      queryClient.setQueryData(['backButtonConfig'], saved);
      void queryClient.invalidateQueries({ queryKey: ['backButtonHistory'] });
      notify(saved.isActive ? 'Back button redirect saved' : 'Back button redirect saved (disabled: no URL)', {
        type: 'success',
      });
    },
    onError: (err) => notifyError(err, `${TEXTS.saveFailed}: ${TEXTS.saveBackButtonFailed}`),
  });

  const submit = async (values: Record<string, unknown>) => {
    const checked = checkBackButtonForm({ backButtonUrl: values.backButtonUrl });
    if (!checked.ok) {
      notify(checked.message, { type: 'error' });
      return { [checked.field]: checked.message };
    }
    await save.mutateAsync(checked.value).catch(() => undefined);
  };

  return (
    <RedirectCard
      title="Back button redirect"
      icon={<UndoIcon />}
      description="Sends visitors who press Back, or swipe from the left edge, to another site."
      loading={loading}
      error={error}
      current={
        config && {
          active: config.isActive,
          rows: [['URL', config.backButtonUrl || 'None (disabled)']],
          savedAt: config.createdAt,
        }
      }
      form={
        config && (
          <Form
            key={`${config.id}-${config.createdAt}`}
            record={{ backButtonUrl: config.backButtonUrl }}
            onSubmit={submit}
            warnWhenUnsavedChanges
            noValidate
          >
            <TextInput
              source="backButtonUrl"
              label="Redirect URL"
              type="url"
              helperText="https://… — leave empty to disable"
              parse={(v: string) => v}
            />
            <SaveButton label="Save back button redirect" />
            <FormDataConsumer>
              {({ formData }) => {
                const url = String(formData.backButtonUrl ?? '').trim();
                return (
                  <div style={{ marginTop: 16 }}>
                    <RedirectPreview url={url}>
                      {url
                        ? 'When the visitor presses Back or swipes from the left edge, they go to:'
                        : 'No URL: Back works as usual.'}
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
          label="Back button redirect history"
          entries={history}
          describe={(e) => e.backButtonUrl || 'no URL'}
        />
      }
    />
  );
}
