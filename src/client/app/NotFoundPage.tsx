import { Link } from 'wouter';
import { useDocumentTitle } from '../components/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <div className="page">
      <h1>Page not found</h1>
      <p>There is no page at this address. You might have mispasted the URL.</p>
      <p>
        <Link to="/map/draft.default">Create a map</Link> or read the <Link to="/help">Help</Link>.
      </p>
    </div>
  );
}
