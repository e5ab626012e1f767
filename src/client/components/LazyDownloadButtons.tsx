import { lazy, Suspense, useId, useState, type ComponentProps } from 'react';
import { useHydrated } from './use-hydrated';

// PRODUCT §15.2: "Download" on the map page, loaded after the page so that it costs the first load
// nothing (PRODUCT §13.5). Until it arrives a button of the same size, with the same id, holds its
// place. It is not disabled, so that a press on it is never lost (PRODUCT §13.6): before the app
// has the page, the reader's script holds the press and makes it again on the button of that id
// once the app has it; from then on the stand-in remembers the press, and the formats open as
// soon as they arrive.

const DownloadButtons = lazy(() => import('./DownloadButtons').then((m) => ({ default: m.DownloadButtons })));

function StandIn({ id, onPress }: { id: string; onPress?: () => void }) {
  return (
    <div className="download">
      <button id={id} type="button" className="download-button" aria-expanded={false} onClick={onPress}>
        Download
      </button>
    </div>
  );
}

export function LazyDownloadButtons(props: ComponentProps<typeof DownloadButtons>) {
  const id = useId();
  const [pressed, setPressed] = useState(false);
  const standIn = <StandIn id={id} onPress={() => setPressed(true)} />;
  if (!useHydrated()) return standIn;
  return (
    <Suspense fallback={standIn}>
      <DownloadButtons {...props} buttonId={id} initiallyOpen={pressed} />
    </Suspense>
  );
}
