import { Suspense, type ReactNode } from 'react';
import { FlashBar, FlashProvider } from '../components/flash';
import { Header } from '../components/Header';
import { UpdateNotice } from '../components/UpdateNotice';

/** Every page's frame: skip link, header, the page itself in <main>, and the flash bar. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <FlashProvider>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <UpdateNotice />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<p className="page-loading">Loading...</p>}>{children}</Suspense>
      </main>
      <FlashBar />
    </FlashProvider>
  );
}
