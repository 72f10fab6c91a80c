import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, useToasts } from '../../../components/toast-store';
import { renderHook } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { ReportDialog } from './ReportDialog';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
let answer: () => Response;
let sent: Array<{ url: string; body: unknown }>;

beforeEach(() => {
  sent = [];
  answer = () => json({ reported: true }, 201);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init?.body ?? '{}')) });
      return answer();
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearToasts();
});

const toasts = () => renderHook(() => useToasts()).result.current;

function open(onReported = vi.fn(), onClose = vi.fn()) {
  renderWithProviders(<ReportDialog mediaId={42} onClose={onClose} onReported={onReported} />);
  return { onReported, onClose };
}

describe('ReportDialog', () => {
  it('offers the seven reasons as radio buttons and sends the chosen one', async () => {
    const { onReported } = open();
    const radios = screen.getAllByRole('radio', { hidden: true });
    expect(radios.map((r) => r.closest('label')?.textContent)).toEqual([
      'Sexual content',
      'Violence or gore',
      'Harassment or hate',
      'Spam',
      'Minor in the image',
      'Not mine / copyright',
      'Other',
    ]);
    const send = screen.getByText('Send report');
    expect(send).toBeDisabled();
    fireEvent.click(screen.getByLabelText('Spam'));
    fireEvent.click(send);
    await waitFor(() => expect(onReported).toHaveBeenCalledWith(42));
    expect(sent).toEqual([{ url: '/api/media/42/report', body: { reason: 'spam' } }]);
    expect(toasts()[0]).toMatchObject({ title: 'Report Sent', variant: 'success' });
  });

  it('asks for a short text when the reason is Other, at most 200 characters', async () => {
    open();
    fireEvent.click(screen.getByLabelText('Other'));
    const note = screen.getByLabelText('What is wrong?');
    expect(note).toHaveAttribute('maxLength', '200');
    const send = screen.getByText('Send report');
    expect(send).toBeDisabled();
    fireEvent.change(note, { target: { value: '   ' } });
    expect(send).toBeDisabled();
    fireEvent.change(note, { target: { value: ' stolen from my blog ' } });
    expect(screen.getByText('21/200')).toBeInTheDocument();
    fireEvent.click(send);
    await waitFor(() =>
      expect(sent).toEqual([{ url: '/api/media/42/report', body: { reason: 'other', note: 'stolen from my blog' } }]),
    );
  });

  it('says why a report failed with the server message; an earlier report still drops the item', async () => {
    answer = () =>
      json({ statusCode: 409, error: 'already_reported', message: 'You have already reported this media' }, 409);
    const { onReported } = open();
    fireEvent.click(screen.getByLabelText('Harassment or hate'));
    fireEvent.click(screen.getByText('Send report'));
    await waitFor(() => expect(onReported).toHaveBeenCalledWith(42));
    expect(toasts()[0]).toMatchObject({
      title: 'Report Failed',
      description: 'You have already reported this media',
      variant: 'destructive',
    });
  });

  it('tells a banned visitor so, and closes without dropping the item', async () => {
    answer = () =>
      json({ statusCode: 403, error: 'banned', message: 'Your account has been banned: you can still browse' }, 403);
    const { onReported, onClose } = open();
    fireEvent.click(screen.getByLabelText('Spam'));
    fireEvent.click(screen.getByText('Send report'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onReported).not.toHaveBeenCalled();
    expect(toasts()[0]).toMatchObject({ title: 'Report Failed', description: expect.stringMatching(/banned/) });
  });

  it('falls back to the catalogue-style default when the answer has no message', async () => {
    answer = () => new Response('', { status: 500 });
    open();
    fireEvent.click(screen.getByLabelText('Spam'));
    fireEvent.click(screen.getByText('Send report'));
    await waitFor(() => expect(toasts()[0]).toMatchObject({ description: 'Failed to submit report' }));
  });
});
