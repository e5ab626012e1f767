import type { ReactNode } from 'react';

interface DisclosureButtonProps {
  /** Whether what it shows is open. */
  open: boolean;
  onToggle(open: boolean): void;
  /** The id of the element it shows and hides. */
  controls: string;
  className: string;
  /** The id of an element that describes the button (e.g. the title of the map it belongs to). */
  describedBy?: string;
  children: ReactNode;
}

/** A button that shows and hides another element, saying which and whether it is open. */
export function DisclosureButton({
  open,
  onToggle,
  controls,
  className,
  describedBy,
  children,
}: DisclosureButtonProps) {
  return (
    <button
      type="button"
      className={className}
      aria-expanded={open}
      aria-controls={controls}
      aria-describedby={describedBy}
      onClick={() => onToggle(!open)}
    >
      {children}
    </button>
  );
}
