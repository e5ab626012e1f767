import { useDocumentTitle } from '../../components/use-document-title';

// Placeholder until the compare issue lands.
export function ComparePage() {
  useDocumentTitle('Compare maps');
  return (
    <div className="page">
      <h1>Compare maps</h1>
    </div>
  );
}
