import { lazy, Suspense, type ComponentProps } from 'react';

// PRODUCT §15.2: "Download" on the map page, loaded after the page so that it costs the first load
// nothing (PRODUCT §13.5). Until it arrives a disabled button of the same size holds its place.

const DownloadButtons = lazy(() => import('./DownloadButtons').then((m) => ({ default: m.DownloadButtons })));

export function LazyDownloadButtons(props: ComponentProps<typeof DownloadButtons>) {
  return (
    <Suspense
      fallback={
        <div className="download">
          <button type="button" className="download-button" disabled>
            Download
          </button>
        </div>
      }
    >
      <DownloadButtons {...props} />
    </Suspense>
  );
}
