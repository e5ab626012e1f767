import { useDocumentTitle } from '../../components/use-document-title';

// Placeholder until the Help issue lands.
export function HelpPage() {
  useDocumentTitle('Help');
  return (
    <div className="page prose">
      <h1>Help</h1>
    </div>
  );
}
