import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { DELETE_ACCOUNT_TEXTS as T } from '../delete-account-texts';
import { DeleteAccountCard } from './DeleteAccountCard';

const user = { id: 42, username: 'LeavingSoon', email: null, emailVerified: false, createdAt: '2026-11-01T10:00:00Z' };
const fetchMock = vi.fn();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

async function openDialog(onDeleted = vi.fn()) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  renderWithProviders(<DeleteAccountCard user={user as any} onDeleted={onDeleted} />);
  await userEvent.click(screen.getByRole('button', { name: T.open }));
  return { dialog: await screen.findByRole('dialog', { name: T.dialogTitle }), onDeleted };
}

describe('DeleteAccountCard', () => {
  it('says what goes, asks for the username typed out and refuses another one without calling the server', async () => {
    const { dialog, onDeleted } = await openDialog();
    for (const item of T.items) expect(dialog).toHaveTextContent(item);
    const field = within(dialog).getByLabelText(T.confirmLabel('LeavingSoon'));
    expect(field).toHaveFocus();
    await userEvent.type(field, 'leavingsoon{Enter}');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(T.mismatch);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('deletes with the typed username, then the browser starts again as a guest', async () => {
    fetchMock.mockResolvedValue(json({ jobId: 'delete-account-1', uploads: 0, votes: 0 }, 202));
    const { dialog, onDeleted } = await openDialog();
    await userEvent.type(within(dialog).getByLabelText(T.confirmLabel('LeavingSoon')), 'LeavingSoon');
    await userEvent.click(within(dialog).getByRole('button', { name: T.confirm }));
    await vi.waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(`${(init as RequestInit).method} ${String(url)}`).toMatch(/^POST .*\/api\/users\/42\/delete$/);
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({ username: 'LeavingSoon' });
  });

  it("shows the server's reason when it refuses", async () => {
    fetchMock.mockResolvedValue(
      json({ statusCode: 400, message: 'The username you typed does not match this account' }, 400),
    );
    const { dialog, onDeleted } = await openDialog();
    await userEvent.type(within(dialog).getByLabelText(T.confirmLabel('LeavingSoon')), 'LeavingSoon{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The username you typed does not match this account',
    );
    expect(onDeleted).not.toHaveBeenCalled();
  });
});
