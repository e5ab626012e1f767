import { useEffect } from 'react';

/** PRODUCT §6: window titles read "{page} - Belief Map". */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} - Belief Map` : 'Belief Map';
  }, [title]);
}
