import { useParams } from '../../lib/router';
import { useDocumentTitle } from '../../components/use-document-title';

// Placeholder until "The map page" issue lands.
export function MapPage() {
  const { mapId = '' } = useParams();
  useDocumentTitle('New belief');
  return (
    <div className="page">
      <h1>New belief</h1>
      <p className="subtitle">{mapId}</p>
      <p className="notice">Published maps are deleted automatically after 90 days.</p>
    </div>
  );
}
