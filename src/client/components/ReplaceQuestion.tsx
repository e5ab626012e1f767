import type { ReactNode } from 'react';

interface ReplaceQuestionProps {
  /** The id of the question's text, which names the group. */
  id: string;
  className: string;
  buttonsClassName: string;
  question: ReactNode;
  replaceLabel: string;
  onReplace(): void;
  onKeepBoth(): void;
  onCancel(): void;
  /** Buttons before the choice, such as a download of what Replace would lose. */
  before?: ReactNode;
}

/**
 * Asks what to do when a draft would be stored under an id that holds one already (a shared draft
 * saved, PRODUCT §15.4; a discarded one restored, PRODUCT §15.1): replace it, keep both, or
 * neither.
 */
export function ReplaceQuestion(props: ReplaceQuestionProps) {
  return (
    <div className={props.className} role="group" aria-labelledby={props.id}>
      <p id={props.id}>{props.question}</p>
      <div className={props.buttonsClassName}>
        {props.before}
        <button type="button" className="danger" onClick={props.onReplace}>
          {props.replaceLabel}
        </button>
        {/* Focus lands here, the safe choice, as the button that asked is gone. */}
        <button type="button" autoFocus onClick={props.onKeepBoth}>
          Keep both
        </button>
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
