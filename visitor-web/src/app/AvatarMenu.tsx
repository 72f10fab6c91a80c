import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import { LogoutIcon, ShieldIcon, SwitchUserIcon, UserIcon } from '../components/icons';
import { initials } from '../lib/format';
import type { Session } from '../api/types';
import { menuKeyTarget } from './menu-keys';
import './avatar-menu.css';

interface AvatarMenuProps {
  /** The button's visible content; its accessible name is that text (no aria-label that differs). */
  trigger: ReactNode;
  triggerClassName: string;
  /** Tooltip on the button (the full username when it is cut). */
  triggerTitle?: string;
  user: Pick<Session, 'username' | 'email' | 'emailVerified'> | null;
  onSaveAccount: () => void;
  onLoginOther: () => void;
  onLogout: () => void;
  /** Where the panel opens: above the sidebar user block, or under the mobile header avatar. */
  placement: 'sidebar' | 'header';
}

interface Item {
  label: string;
  icon: ReactNode;
  run: () => void;
  danger?: boolean;
}

/**
 * Avatar menu as a WAI-ARIA menu button: Enter, Space or ↓ opens it on the first item, ↑ on the
 * last; ↑ ↓ Home End and the first letter move; Escape closes it and returns focus to the button;
 * Tab closes it. Hand-written because Radix DropdownMenu adds 14 KB gzipped (measured), which
 * breaks the 150 KB budget.
 */
export function AvatarMenu({
  trigger,
  triggerClassName,
  triggerTitle,
  user,
  onSaveAccount,
  onLoginOther,
  onLogout,
  placement,
}: AvatarMenuProps) {
  const navigate = useNavigate();
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const id = useId();

  const items = (): HTMLElement[] => Array.from(list.current?.querySelectorAll<HTMLElement>('[role=menuitem]') ?? []);
  useEffect(() => {
    if (!open) return;
    const all = items();
    (open === 'last' ? all[all.length - 1] : all[0])?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  // The button takes focus back before a dialog opens, so the dialog returns it there on close.
  const choose = (run: () => void) => () => {
    close();
    run();
  };

  const entries: Item[] = [
    { label: 'Edit Profile', icon: <UserIcon size={18} />, run: () => navigate('/profile') },
    { label: 'Save Account', icon: <ShieldIcon size={18} />, run: onSaveAccount },
    { label: 'Login as Different User', icon: <SwitchUserIcon size={18} />, run: onLoginOther },
    { label: 'Logout', icon: <LogoutIcon size={18} />, run: onLogout, danger: true },
  ];

  const onButtonKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(e.key === 'ArrowUp' ? 'last' : 'first');
    }
  };

  const onMenuKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close();
      return;
    }
    if (e.key === 'Tab') {
      // Tab leaves the menu from the button's place in the page (the panel sits at the end of body).
      close();
      return;
    }
    const all = items();
    const target = menuKeyTarget(
      e.key,
      all.indexOf(document.activeElement as HTMLElement),
      all.map((el) => el.textContent ?? ''),
    );
    if (target !== null) {
      e.preventDefault();
      all[target]?.focus();
    }
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className={triggerClassName}
        title={triggerTitle}
        aria-haspopup="menu"
        aria-expanded={open ? true : false}
        aria-controls={open ? `${id}-menu` : undefined}
        id={`${id}-button`}
        onClick={() => (open ? close() : setOpen('first'))}
        onKeyDown={onButtonKeyDown}
      >
        {trigger}
      </button>
      {open
        ? createPortal(
            <>
              <div className="menu-overlay" aria-hidden="true" onClick={() => close()} />
              <div className={`menu menu--${placement}`} data-testid="avatar-menu">
                <div className="menu__head">
                  <span className="avatar" aria-hidden="true">
                    {initials(user?.username)}
                  </span>
                  <div className="menu__who">
                    <span className="menu__name" title={user?.username}>
                      {user?.username ?? 'Account'}
                    </span>
                    <span className="menu__sub" title={user?.emailVerified ? (user.email ?? undefined) : undefined}>
                      {user?.emailVerified ? user.email : 'Guest account'}
                    </span>
                  </div>
                </div>
                <div
                  ref={list}
                  id={`${id}-menu`}
                  role="menu"
                  tabIndex={-1}
                  aria-labelledby={`${id}-button`}
                  className="menu__list"
                  onKeyDown={onMenuKeyDown}
                >
                  {entries.map((it) => (
                    <button
                      key={it.label}
                      type="button"
                      role="menuitem"
                      tabIndex={-1}
                      className={`menu__item${it.danger ? ' menu__item--danger' : ''}`}
                      onClick={choose(it.run)}
                    >
                      {it.icon} {it.label}
                    </button>
                  ))}
                </div>
              </div>
            </>,
            document.body,
          )
        : null}
    </>
  );
}
