import { useEffect, useRef, useState, useSyncExternalStore } from 'react';

/** A link to where the message leads, or a button that acts on it (Undo). */
export type ToastAction = ToastLinkAction | ToastButtonAction;

export interface ToastButtonAction {
  label: string;
  /** Run once, the toast dismissed first. */
  run: () => void;
  /** The button that did it is gone (a removed row): this one takes the focus, one key away. */
  takeFocus?: boolean;
}

export interface ToastLinkAction {
  label: string;
  href: string;
  /**
   * The router's navigate, so a plain click stays in the app. The toaster may sit outside the router,
   * so the caller hands it over; without it the link loads the page.
   */
  navigate?: (href: string) => void;
}

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** A link to where the message leads (sign in, the booking just made), or an Undo. */
  action?: ToastAction;
}

interface ShownToast extends ToastMessage {
  id: number;
}

const DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

// One toast at a time: a new one replaces whatever is showing.
let current: ShownToast | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const publish = (toastMessage: ShownToast | null) => {
  current = toastMessage;
  for (const listener of listeners) listener();
};

export function toast(message: ToastMessage): void {
  publish({ ...message, id: nextId++ });
}

export function dismissToast(): void {
  publish(null);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function Toaster() {
  const shown = useSyncExternalStore(subscribe, () => current, () => null);
  return (
    <div className="toaster" aria-live="polite">
      {shown && <ToastCard key={shown.id} toast={shown} />}
    </div>
  );
}

function ToastCard({ toast: shown }: { toast: ShownToast }) {
  const [offset, setOffset] = useState(0);
  const start = useRef<number | null>(null);
  const paused = useRef(false);
  const card = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (!paused.current) dismissToast();
    }, DURATION_MS);
    // Escape dismisses it, from anywhere, unless something nearer (a dialog) took the key.
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) dismissToast();
    };
    document.addEventListener('keydown', onKey);
    // The button that did it is gone (a removed wishlist row), its focus lost to the page: the toast's
    // Undo takes it, one key away instead of a walk through the header.
    if (shown.action && 'run' in shown.action && shown.action.takeFocus) card.current?.querySelector<HTMLElement>('.toast__action--button')?.focus();
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('keydown', onKey);
    };
  }, []);

  const destructive = shown.variant === 'destructive';
  return (
    <div
      ref={card}
      className={`toast${destructive ? ' toast--destructive' : ''}`}
      role={destructive ? 'alert' : 'status'}
      style={{ transform: `translateX(${offset}px)`, opacity: 1 - Math.min(Math.abs(offset) / 200, 0.6) }}
      onPointerDown={(e) => {
        start.current = e.clientX;
        paused.current = true;
      }}
      onPointerMove={(e) => {
        if (start.current !== null) setOffset(e.clientX - start.current);
      }}
      onPointerUp={() => {
        start.current = null;
        paused.current = false;
        if (Math.abs(offset) > SWIPE_THRESHOLD_PX) dismissToast();
        else setOffset(0);
      }}
      onPointerCancel={() => {
        start.current = null;
        setOffset(0);
      }}
      // Someone at the keyboard on its link or button keeps it: it does not vanish under their focus.
      // (Focus given after a click, as above, shows no ring and does not hold it.)
      onFocus={(e) => {
        paused.current = byKeyboard(e.target);
      }}
    >
      <div className="toast__text">
        <p className="toast__title">{shown.title}</p>
        {shown.description && <p className="toast__description">{shown.description}</p>}
        {shown.action && ('run' in shown.action ? <ToastButton action={shown.action} /> : <ToastLink action={shown.action} />)}
      </div>
      <button type="button" className="toast__close" aria-label="Dismiss notification" onClick={dismissToast}>
        ×
      </button>
    </div>
  );
}

/** Whether an element's focus shows (the keyboard's), where the browser can tell. */
function byKeyboard(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
}

function ToastButton({ action }: { action: ToastButtonAction }) {
  return (
    <button
      type="button"
      className="toast__action toast__action--button"
      onClick={() => {
        dismissToast();
        action.run();
      }}
    >
      {action.label}
    </button>
  );
}

function ToastLink({ action }: { action: ToastLinkAction }) {
  return (
    <a
      href={action.href}
      className="toast__action"
      onClick={(e) => {
        dismissToast();
        // A new tab or window (modifier keys, middle click) is the browser's business.
        if (!action.navigate || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        action.navigate(action.href);
      }}
    >
      {action.label}
    </a>
  );
}
