import type { ReactNode } from 'react';

interface DisclosureButtonProps {
  /** Whether what it shows is open. */
  open: boolean;
  onToggle(open: boolean): void;
  /** The id of the element it shows and hides. */
  controls: string;
  className: string;
  children: ReactNode;
}

/** A button that shows and hides another element, saying which and whether it is open. */
export function DisclosureButton({ open, onToggle, controls, className, children }: DisclosureButtonProps) {
  return (
    <button
      type="button"
      className={className}
      aria-expanded={open}
      aria-controls={controls}
      onClick={() => onToggle(!open)}
    >
      {children}
    </button>
  );
}
