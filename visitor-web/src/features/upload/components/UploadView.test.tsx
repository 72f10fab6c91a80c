import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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
    expect(within(row).getByText('beach.jpg')).toBeInTheDocument();
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
});
