import type { ReactNode, Ref } from 'react';

interface DisclosureButtonProps {
  /** Whether what it shows is open. */
  open: boolean;
  onToggle(open: boolean): void;
  /** The id of the element it shows and hides. */
  controls: string;
  className: string;
  id?: string | undefined;
  /** The id of an element that describes the button (e.g. the title of the map it belongs to). */
  describedBy?: string;
  children: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

/** A button that shows and hides another element, saying which and whether it is open. */
export function DisclosureButton({
  open,
  onToggle,
  controls,
  className,
  id,
  describedBy,
  children,
  ref,
}: DisclosureButtonProps) {
  return (
    <button
      ref={ref}
      id={id}
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
