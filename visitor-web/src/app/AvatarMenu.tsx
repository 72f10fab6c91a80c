import * as Dialog from '@radix-ui/react-dialog';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { LogoutIcon, ShieldIcon, SwitchUserIcon, UserIcon } from '../components/icons';
import { initials } from '../lib/format';
import { useSession } from '../lib/session';

interface AvatarMenuProps {
  trigger: ReactNode;
  triggerClassName: string;
  triggerLabel: string;
  onSaveAccount: () => void;
  onLoginOther: () => void;
  /** Where the panel opens: above the sidebar user block, or under the mobile header avatar. */
  placement: 'sidebar' | 'header';
}

/** Move focus between menu items with the arrow keys, Home and End. */
function onMenuKeyDown(e: KeyboardEvent<HTMLElement>) {
  const items = Array.from(e.currentTarget.querySelectorAll<HTMLButtonElement>('[data-menu-item]'));
  const i = items.indexOf(document.activeElement as HTMLButtonElement);
  let next = -1;
  if (e.key === 'ArrowDown') next = (i + 1) % items.length;
  else if (e.key === 'ArrowUp') next = (i - 1 + items.length) % items.length;
  else if (e.key === 'Home') next = 0;
  else if (e.key === 'End') next = items.length - 1;
  if (next >= 0) {
    e.preventDefault();
    items[next]?.focus();
  }
}

/**
 * Avatar menu: Edit Profile, Save Account, Login as Different User, Logout. Built on the Radix
 * Dialog already in the bundle (focus trap, Escape, outside click); Radix DropdownMenu would add
 * ~15 KB gzipped of positioning code and break the 150 KB budget.
 */
export function AvatarMenu({
  trigger,
  triggerClassName,
  triggerLabel,
  onSaveAccount,
  onLoginOther,
  placement,
}: AvatarMenuProps) {
  const navigate = useNavigate();
  const { user, logout } = useSession();
  const [open, setOpen] = useState(false);
  // Open follow-up dialogs after this one has closed and handed focus back.
  const then = (fn: () => void) => () => {
    setOpen(false);
    window.setTimeout(fn, 0);
  };
  const item = (icon: ReactNode, label: string, onClick: () => void, danger = false) => (
    <li>
      <button
        type="button"
        className={`menu__item${danger ? ' menu__item--danger' : ''}`}
        data-menu-item
        onClick={onClick}
      >
        {icon} {label}
      </button>
    </li>
  );
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={triggerClassName} aria-label={triggerLabel} aria-haspopup="dialog">
        {trigger}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="menu-overlay" />
        <Dialog.Content
          className={`menu menu--${placement}`}
          aria-describedby={undefined}
          onKeyDown={onMenuKeyDown}
          data-testid="avatar-menu"
        >
          <div className="menu__head">
            <span className="avatar" aria-hidden="true">
              {initials(user?.username)}
            </span>
            <div className="menu__who">
              <Dialog.Title className="menu__name">{user?.username ?? 'Account'}</Dialog.Title>
              <span className="menu__sub">{user?.emailVerified ? user.email : 'Guest account'}</span>
            </div>
          </div>
          <ul className="menu__list" aria-label="Account actions">
            {item(
              <UserIcon size={18} />,
              'Edit Profile',
              then(() => navigate('/profile')),
            )}
            {item(<ShieldIcon size={18} />, 'Save Account', then(onSaveAccount))}
            {item(<SwitchUserIcon size={18} />, 'Login as Different User', then(onLoginOther))}
            <li className="menu__separator" role="separator" />
            {item(<LogoutIcon size={18} />, 'Logout', logout, true)}
          </ul>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
