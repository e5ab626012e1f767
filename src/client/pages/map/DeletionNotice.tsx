import { useEffect, useState } from 'react';
import { deletionNotice } from '../../../domain/deletion-notice';

/**
 * PRODUCT §8.3: when this published map is deleted. Its own chunk (the map page's first load has no
 * room for it, PRODUCT §13.5); the server's render waits for it, and the browser takes it over once
 * loaded. The day count depends on the clock, so it comes after that first render, which draws the
 * server's text (only the date): no mismatch.
 */
export default function DeletionNotice({ published }: { published: string }) {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => setNow(new Date()), []);
  return ` ${deletionNotice(published, now)}`;
}
