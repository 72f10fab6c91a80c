import * as Toast from '@radix-ui/react-toast';
import { dismissToast, removeToast, useToasts } from './toast-store';
import './toaster.css';

/** Radix Toast: 5 s, swipe right 50 px to dismiss, F8 focuses the region. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <Toast.Provider duration={5000} swipeDirection="right" swipeThreshold={50} label="Notification">
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) {
              dismissToast(t.id);
              window.setTimeout(() => removeToast(t.id), 200);
            }
          }}
          className={`toast toast--${t.variant ?? 'default'}`}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
        >
          <div className="toast__body">
            <Toast.Title className="toast__title">{t.title}</Toast.Title>
            {t.description ? (
              <Toast.Description className="toast__description">{t.description}</Toast.Description>
            ) : null}
          </div>
          <Toast.Close className="toast__close" aria-label="Dismiss notification">
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="toast-viewport" />
    </Toast.Provider>
  );
}
