import { useEffect, useRef, type ReactNode } from 'react';

interface ModalProps {
  /** The dialog's accessible name. */
  label: string;
  onClose: () => void;
  className?: string;
  children: ReactNode;
}

/**
 * A modal dialog on the native <dialog>: the browser keeps focus inside and closes it with Escape.
 * Focus goes back to whatever opened it. Where showModal is missing (old browsers, jsdom) it opens in place
 * and Escape is handled here.
 */
export function Modal({ label, onClose, className = 'modal', children }: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const node = dialog.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (node && !node.open) {
      if (typeof node.showModal === 'function') node.showModal();
      else {
        // What showModal does: focus the first control inside.
        node.setAttribute('open', '');
        (node.querySelector<HTMLElement>('[autofocus], button, [href], input, textarea, select') ?? node).focus();
      }
    }
    return () => {
      if (node?.open && typeof node.close === 'function') node.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      className={className}
      aria-label={label}
      aria-modal="true"
      tabIndex={-1}
      onCancel={(e) => {
        // Escape: the owner unmounts the dialog, which restores focus.
        e.preventDefault();
        close.current();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && typeof dialog.current?.showModal !== 'function') {
          e.stopPropagation();
          close.current();
        }
      }}
    >
      {children}
    </dialog>
  );
}
