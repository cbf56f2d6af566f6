import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { BellIcon } from '../../../components/icons';
import { Spinner } from '../../../components/states';
import { countBadge } from '../../../lib/count-badge';
import { useNotifications } from '../api/get-notifications';

const loadMenu = () => import('./notification-menu');
const NotificationMenu = lazy(loadMenu);

/** The bell in the navigation bar: unread count on it, the latest notifications under it. */
export default function NotificationBell() {
  const notifications = useNotifications();
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const countId = useId();
  const unread = notifications.data?.unreadCount ?? 0;
  const badge = countBadge(unread);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  // A press anywhere else closes it.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent) => {
      if (!wrapper.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  return (
    <div
      className="bell"
      ref={wrapper}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          close(true);
        }
      }}
      onBlur={(e) => {
        // Tabbing out of the menu closes it.
        if (open && e.relatedTarget instanceof Node && !wrapper.current?.contains(e.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="icon-btn bell__button"
        aria-label="Notifications"
        aria-expanded={open}
        aria-controls={open ? 'notification-menu' : undefined}
        aria-describedby={badge ? countId : undefined}
        onPointerEnter={() => void loadMenu()}
        onFocus={() => void loadMenu()}
        onClick={() => setOpen(!open)}
      >
        <BellIcon />
        {badge && (
          <span className="bell__badge" aria-hidden="true" data-testid="notification-badge">
            {badge}
          </span>
        )}
      </button>
      {badge && (
        <span id={countId} className="visually-hidden">
          {unread} unread
        </span>
      )}
      {open && (
        <Suspense fallback={<div className="bell__menu"><Spinner /></div>}>
          <NotificationMenu query={notifications} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
