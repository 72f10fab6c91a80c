import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { Dialog } from '../components/Dialog';
import { AvatarMenu } from './AvatarMenu';

function setup() {
  const handlers = { onSaveAccount: vi.fn(), onLoginOther: vi.fn(), onLogout: vi.fn() };
  renderWithProviders(
    <AvatarMenu
      {...handlers}
      user={{ username: 'HappyJumpingOtter', email: null, emailVerified: false }}
      placement="sidebar"
      triggerClassName="user-block"
      trigger={<span>HappyJumpingOtter</span>}
    />,
  );
  return { user: userEvent.setup(), button: screen.getByRole('button', { name: 'HappyJumpingOtter' }), ...handlers };
}

describe('AvatarMenu', () => {
  it('is a menu button: Enter opens the menu on its first item, arrows, Home and End move', async () => {
    const { user, button } = setup();
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    button.focus();
    await user.keyboard('{Enter}');
    const menu = screen.getByRole('menu');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-controls', menu.id);
    const items = screen.getAllByRole('menuitem');
    expect(items.map((i) => i.textContent?.trim())).toEqual([
      'Edit Profile',
      'Save Account',
      'Login as Different User',
      'Logout',
    ]);
    expect(items[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await user.keyboard('{End}');
    expect(items[3]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items[0]).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(items[3]).toHaveFocus();
    await user.keyboard('{Home}');
    expect(items[0]).toHaveFocus();
  });

  it('↑ on the button opens on the last item; Escape closes and returns focus to the button', async () => {
    const { user, button } = setup();
    button.focus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getAllByRole('menuitem')[3]).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('choosing Save Account closes the menu with focus on the button, then opens the dialog', async () => {
    const { user, button, onSaveAccount } = setup();
    let focusedWhenCalled: Element | null = null;
    onSaveAccount.mockImplementation(() => (focusedWhenCalled = document.activeElement));
    await user.click(button);
    await user.click(screen.getByRole('menuitem', { name: 'Save Account' }));
    expect(onSaveAccount).toHaveBeenCalledTimes(1);
    expect(focusedWhenCalled).toBe(button);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('Tab closes the menu', async () => {
    const { user, button } = setup();
    await user.click(button);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.tab();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('has no separator inside the menu', async () => {
    const { user, button } = setup();
    await user.click(button);
    expect(screen.getByRole('menu').querySelector('[role=separator], li, hr')).toBeNull();
  });
});

describe('AvatarMenu with a dialog', () => {
  it('the dialog takes the focus, keeps it, and gives it back to the avatar button on close', async () => {
    function Harness() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <AvatarMenu
            user={{ username: 'HappyJumpingOtter', email: null, emailVerified: false }}
            placement="sidebar"
            triggerClassName="user-block"
            trigger={<span>HappyJumpingOtter</span>}
            onSaveAccount={() => setOpen(true)}
            onLoginOther={() => {}}
            onLogout={() => {}}
          />
          <Dialog open={open} onOpenChange={setOpen} title="Save Your Account">
            <input aria-label="Email address" />
          </Dialog>
        </>
      );
    }
    renderWithProviders(<Harness />);
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'HappyJumpingOtter' });
    await user.click(button);
    await user.click(screen.getByRole('menuitem', { name: 'Save Account' }));
    const field = await screen.findByLabelText('Email address');
    await waitFor(() => expect(field).toHaveFocus());
    await user.keyboard('hello');
    expect(field).toHaveValue('hello');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
  });
});
