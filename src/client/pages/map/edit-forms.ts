// The belief and reason forms, in a chunk of their own: a reader of a published map never needs
// them, and a draft's page loads them just after it shows (use-edit-forms.ts), not before (PRODUCT
// §13, the first-load budget).
import './edit-forms.css';

export { BeliefForm } from './BeliefForm';
export { ReasonForm } from './ReasonForm';
export { ConflictNotice, discardQuestion, publishQuestion } from './ConflictNotice';
export { formChange, formConflict } from '../../draft/form/save';
