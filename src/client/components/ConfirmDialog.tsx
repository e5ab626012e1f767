import { useId, useRef } from 'react';
import './shortcuts.css';
import { useModalDialog } from './use-modal-dialog';

interface ConfirmDialogProps {
  title: string;
  text: string;
  confirm: string;
  cancel: string;
  /** Called once with the answer: true for `confirm`; Escape and `cancel` answer false. */
  onAnswer(confirmed: boolean): void;
}

/**
 * A question in a modal dialog (PRODUCT §8.1), open while it is rendered. The browser's modal
 * <dialog> keeps the focus inside it and closes on Escape; the safe answer has the focus first,
 * and the focus goes back where it was when it closes.
 */
export default function ConfirmDialog({ title, text, confirm, cancel, onAnswer }: ConfirmDialogProps) {
  const dialog = useModalDialog();
  const titleId = useId();
  const textId = useId();
  const answered = useRef(false);
  const answer = (confirmed: boolean) => {
    if (answered.current) return;
    answered.current = true;
    onAnswer(confirmed);
  };
  return (
    <dialog
      ref={dialog}
      className="shortcuts-dialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onClose={() => answer(false)}
    >
      <h2 id={titleId}>{title}</h2>
      <p id={textId}>{text}</p>
      <div className="form-buttons">
        <button type="button" autoFocus onClick={() => answer(false)}>
          {cancel}
        </button>
        <button type="button" className="primary" onClick={() => answer(true)}>
          {confirm}
        </button>
      </div>
    </dialog>
  );
}
