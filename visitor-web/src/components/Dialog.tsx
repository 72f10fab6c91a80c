import * as RadixDialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';
import { CloseIcon } from './icons';
import { useReturnFocus } from './return-focus';
import './dialog.css';

interface DialogProps {
  open: boolean;
  onOpenChange?: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Dialogs the visitor must answer (Welcome Back) have no close button and ignore Escape. */
  dismissible?: boolean;
  size?: 'sm' | 'md' | 'lg';
  icon?: ReactNode;
  /** Open with focus on the Close button (a dialog whose first control is destructive, like Delete). */
  focusClose?: boolean;
}

/**
 * Radix Dialog with the app's look: focus moved in (to the first field) and trapped, scroll
 * locked, labelled by its title; on close, focus goes back to what opened it. No autoFocus inside:
 * it would move focus before Radix notes the opener (`focusClose` starts on Close instead).
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  dismissible = true,
  size = 'sm',
  icon,
  focusClose = false,
}: DialogProps) {
  const close = useRef<HTMLButtonElement>(null);
  const focus = useReturnFocus(undefined, focusClose ? close : undefined);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content
          className={`dialog dialog--${size}`}
          {...focus}
          onEscapeKeyDown={dismissible ? undefined : (e) => e.preventDefault()}
          onPointerDownOutside={dismissible ? undefined : (e) => e.preventDefault()}
          onInteractOutside={dismissible ? undefined : (e) => e.preventDefault()}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <header className="dialog__header">
            {icon ? <div className="dialog__icon">{icon}</div> : null}
            <RadixDialog.Title className="dialog__title">{title}</RadixDialog.Title>
            {description ? (
              <RadixDialog.Description className="dialog__description">{description}</RadixDialog.Description>
            ) : null}
          </header>
          {children}
          {dismissible ? (
            <RadixDialog.Close ref={close} className="icon-button dialog__close" aria-label="Close">
              <CloseIcon size={18} />
            </RadixDialog.Close>
          ) : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
