import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useRoute } from 'wouter';
import { FlashBar, FlashProvider } from '../components/flash';
import { Header } from '../components/Header';
import { UpdateNotice } from '../components/UpdateNotice';
import { embeddedMapRoute } from './routes';

// Only wanted once a reader points at an icon, so it stays out of every page's first load.
const RatingTooltip = lazy(() =>
  import('../components/RatingTooltip').then(({ RatingTooltip }) => ({ default: RatingTooltip })),
);

/** Every page's frame: skip link, header, the page itself in <main>, and the flash bar. */
export function Layout({ children }: { children: ReactNode }) {
  // PRODUCT §11.5: a map framed by another site is the map alone, without the app around it.
  const [embedded] = useRoute(embeddedMapRoute);
  if (embedded)
    return (
      <main id="main" className="embedded">
        <Suspense fallback={<p className="page-loading">Loading...</p>}>{children}</Suspense>
      </main>
    );
  return (
    <FlashProvider>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <UpdateNotice />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<p className="page-loading">Loading...</p>}>
          {children}
          <PageReady />
        </Suspense>
      </main>
      <FlashBar />
      <Suspense fallback={null}>
        <RatingTooltip />
      </Suspense>
    </FlashProvider>
  );
}

/**
 * Marks the document `data-page-ready` once the page's code runs: at once for a page drawn in the
 * browser, and for a page rendered on the server (PRODUCT §13.6) once the browser has taken it over,
 * before which its buttons do nothing yet. Browser tests wait for it before pressing them.
 */
function PageReady() {
  useEffect(() => {
    document.documentElement.dataset.pageReady = '';
  }, []);
  return null;
}
