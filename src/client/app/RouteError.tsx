import { useDocumentTitle } from '../components/use-document-title';

/** Shown when a page fails to render or its chunk fails to load (e.g. offline after a release). */
export function RouteError() {
  useDocumentTitle('Error');
  return (
    <main id="main" className="page">
      <h1>Something went wrong</h1>
      <p>This page could not be shown. Reload the page to try again; your drafts are kept in this browser.</p>
      <p>
        <a href="/map/draft.default">Go to your draft</a>
      </p>
    </main>
  );
}
