/**
 * The confirmation of a change that cannot be undone (the account's deletion, turning the
 * tracker's sync off), as a native modal `<dialog>`: the page behind it is inert, focus stays
 * inside, Escape closes it. `open` opens and closes it; what it holds is rendered only while it
 * is open, so a form inside starts afresh each time.
 */
import { useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import styles from './ModalDialog.module.css';

export const modalDialogStyles = styles;

interface ModalDialogProps {
  open: boolean;
  /** It closed (Escape, or `open` turned false): the parent puts focus back where it belongs. */
  onClose: () => void;
  /** The change is on its way: Escape waits, since closing would hide the answer. */
  busy?: boolean;
  /** Focused as it opens (the choice that keeps everything); otherwise the browser's choice. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** The ids of its title and its text. */
  labelledBy: string;
  describedBy: string;
  children: ReactNode;
}

export function ModalDialog({
  open,
  onClose,
  busy = false,
  initialFocus,
  labelledBy,
  describedBy,
  children,
}: ModalDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  // A layout effect: opened in the same frame as the tap, before the children's own effects
  // (which may move focus inside it) run.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      initialFocus?.current?.focus();
    }
    if (!open && element.open) element.close();
  }, [open, initialFocus]);
  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onClose={onClose}
      onCancel={(event) => {
        if (busy) event.preventDefault();
      }}
    >
      {open ? children : null}
    </dialog>
  );
}
