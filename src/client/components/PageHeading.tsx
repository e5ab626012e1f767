import { useRef, type ReactNode } from 'react';
import { useHeadingFocus } from './use-heading-focus';

/** A page's heading level 1, which takes the focus after a navigation (PRODUCT §13). */
export function PageHeading({ children }: { children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useHeadingFocus(heading);
  return (
    <h1 ref={heading} tabIndex={-1}>
      {children}
    </h1>
  );
}
