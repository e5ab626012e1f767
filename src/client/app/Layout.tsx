import { Suspense } from 'react';
import { Outlet } from '../lib/router';
import { Header } from '../components/Header';
import { FlashBar, FlashProvider } from '../state/flash';

export function Layout() {
  return (
    <FlashProvider>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<p className="page-loading">Loading...</p>}>
          <Outlet />
        </Suspense>
      </main>
      <FlashBar />
    </FlashProvider>
  );
}
