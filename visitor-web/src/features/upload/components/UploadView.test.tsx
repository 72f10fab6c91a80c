import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { UploadView } from './UploadView';

const file = (name: string, type: string, size: number) => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('UploadView', () => {
  it('queues valid files with name, size in MB and Pending; Upload All is enabled', async () => {
    const user = userEvent.setup();
    renderWithProviders(<UploadView userId={1} />);
    await user.upload(screen.getByTestId('file-input'), [file('beach.jpg', 'image/jpeg', 2_500_000)]);
    const row = await screen.findByTestId('queue-item');
    expect(within(row).getByTitle('beach.jpg')).toHaveTextContent(/^beach\.jpg$/);
    expect(within(row).getByText('2.50 MB')).toBeInTheDocument();
    expect(within(row).getByTestId('queue-status')).toHaveTextContent('Pending');
    expect(screen.getByRole('button', { name: 'Upload All' })).toBeEnabled();
    expect(within(row).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  });

  it('rejects an image over 10 MB and a video over 20 MB with the spec texts', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<UploadView userId={1} />);
    await user.upload(screen.getByTestId('file-input'), [
      // 10.2 MB and 20.5 MB as shown (10^6 bytes): under 10 and 20 MiB, over the spec's limits
      file('big.png', 'image/png', 10_200_000),
      file('long.mp4', 'video/mp4', 20_500_000),
    ]);
    const box = await screen.findByTestId('rejected');
    expect(box).toHaveTextContent('big.png');
    expect(box).toHaveTextContent('Image files must be under 10MB');
    expect(box).toHaveTextContent('long.mp4');
    expect(box).toHaveTextContent('Video files must be under 20MB');
    expect(screen.queryByTestId('queue-item')).not.toBeInTheDocument();
  });

  it('removes an item from the queue', async () => {
    const user = userEvent.setup();
    renderWithProviders(<UploadView userId={1} />);
    await user.upload(screen.getByTestId('file-input'), [file('a.png', 'image/png', 1000)]);
    await user.click(await screen.findByRole('button', { name: 'Remove a.png' }));
    expect(screen.queryByTestId('queue-item')).not.toBeInTheDocument();
  });

  it('offline, queued files wait for the link and go up by themselves when it returns (focus on the queue)', async () => {
    const sent = installFakeXhr();
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const user = userEvent.setup();
      renderWithProviders(<UploadView userId={1} />);
      await user.upload(screen.getByTestId('file-input'), [
        file('a.jpg', 'image/jpeg', 2000),
        file('b.jpg', 'image/jpeg', 2000),
      ]);
      await waitFor(() => expect(screen.getByRole('region', { name: /Files to upload/ })).toHaveFocus());
      await user.click(screen.getByRole('button', { name: 'Upload All' }));
      const statuses = () => screen.getAllByTestId('queue-status').map((s) => s.textContent);
      expect(statuses()).toEqual(['Waiting for connection', 'Waiting for connection']);
      expect(sent).toHaveLength(0);

      online.mockReturnValue(true);
      act(() => void window.dispatchEvent(new Event('online')));
      await waitFor(() => expect(sent).toHaveLength(1));
      sent[0]!.answer(201, { id: 7 });
      await waitFor(() => expect(sent).toHaveLength(2));
      sent[1]!.answer(201, { id: 8 });
      await waitFor(() => expect(statuses()).toEqual(['Completed', 'Completed']));
    } finally {
      online.mockRestore();
    }
  });

  it('a dropped upload offers Retry, counts as failed, and retries with the same Idempotency-Key', async () => {
    const sent = installFakeXhr();
    const user = userEvent.setup();
    renderWithProviders(<UploadView userId={1} />);
    await user.upload(screen.getByTestId('file-input'), [file('beach.jpg', 'image/jpeg', 2000)]);
    await user.click(await screen.findByRole('button', { name: 'Upload beach.jpg' }));
    expect(sent).toHaveLength(1);
    sent[0]!.progress(40);
    sent[0]!.drop(); // the connection closes mid-upload
    const row = await screen.findByTestId('queue-item');
    expect(await within(row).findByTestId('queue-error')).toHaveTextContent('Network error during upload');
    expect(screen.getByTestId('queue-counts')).toHaveTextContent('0 pending · 1 failed');
    expect(screen.getByRole('button', { name: 'Upload All' })).toBeEnabled();
    expect(within(row).getByRole('button', { name: 'Remove beach.jpg' })).toBeEnabled();

    await user.click(within(row).getByRole('button', { name: 'Retry beach.jpg' }));
    expect(sent).toHaveLength(2);
    expect(sent[1]!.headers['Idempotency-Key']).toBe(sent[0]!.headers['Idempotency-Key']);
    expect(sent[0]!.headers['Idempotency-Key']).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    sent[1]!.answer(201, { id: 7 });
    expect(await within(row).findByText('Completed')).toBeVisible();
    expect(screen.getAllByTestId('queue-item')).toHaveLength(1); // no second row for the same file
  });

  it('Upload All retries failed items; a refused file (413) offers no retry', async () => {
    const sent = installFakeXhr();
    const user = userEvent.setup();
    renderWithProviders(<UploadView userId={1} />);
    await user.upload(screen.getByTestId('file-input'), [
      file('a.jpg', 'image/jpeg', 2000),
      file('b.jpg', 'image/jpeg', 2000),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Upload All' }));
    sent[0]!.answer(503, { message: 'Service unavailable' });
    await waitFor(() => expect(sent).toHaveLength(2));
    sent[1]!.answer(413, { message: 'Image files must be under 10MB' });
    const [a, b] = await screen.findAllByTestId('queue-item');
    expect(await within(b!).findByText('Image files must be under 10MB')).toBeVisible();
    expect(within(b!).queryByRole('button', { name: /^Retry/ })).toBeNull();
    expect(within(a!).getByRole('button', { name: 'Retry a.jpg' })).toBeVisible();
    expect(screen.getByTestId('queue-counts')).toHaveTextContent('0 pending · 2 failed');

    await user.click(screen.getByRole('button', { name: 'Upload All' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]!.headers['Idempotency-Key']).toBe(sent[0]!.headers['Idempotency-Key']);
    sent[2]!.answer(201, { id: 8 });
    expect(await within(a!).findByText('Completed')).toBeVisible();
  });
});

afterEach(() => vi.unstubAllGlobals());

/** A stand-in for XMLHttpRequest: records each request and lets the test answer or drop it. */
function installFakeXhr() {
  const sent: FakeXhr[] = [];
  class FakeXhr {
    headers: Record<string, string> = {};
    status = 0;
    responseText = '';
    withCredentials = false;
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open() {}
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send() {
      sent.push(this);
    }
    abort() {
      act(() => this.onabort?.());
    }
    progress(percent: number) {
      act(() => this.upload.onprogress?.({ lengthComputable: true, loaded: percent, total: 100 }));
    }
    drop() {
      act(() => this.onerror?.());
    }
    answer(status: number, body: unknown) {
      this.status = status;
      this.responseText = JSON.stringify(body);
      act(() => this.onload?.());
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}
