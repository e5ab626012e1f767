import { lazy, Suspense, type ComponentProps } from 'react';
import { useHydrated } from './use-hydrated';

// PRODUCT §15.2: "Download" on the map page, loaded after the page so that it costs the first load
// nothing (PRODUCT §13.5). Until it arrives a disabled button of the same size holds its place.

const DownloadButtons = lazy(() => import('./DownloadButtons').then((m) => ({ default: m.DownloadButtons })));

const standIn = (
  <div className="download">
    <button type="button" className="download-button" disabled>
      Download
    </button>
  </div>
);

export function LazyDownloadButtons(props: ComponentProps<typeof DownloadButtons>) {
  if (!useHydrated()) return standIn;
  return (
    <Suspense fallback={standIn}>
      <DownloadButtons {...props} />
    </Suspense>
  );
}
