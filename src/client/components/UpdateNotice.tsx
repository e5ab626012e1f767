import { useAppUpdated } from '../lib/service-worker';

/**
 * PRODUCT §13.7: after a new deployment's service worker takes over, says so and offers to reload.
 * Reloading is the reader's choice: an open form warns before the page goes (PRODUCT §7.5).
 */
export function UpdateNotice() {
  const updated = useAppUpdated();
  if (!updated) return null;
  return (
    <div className="update-notice" role="status">
      <span>A new version of Belief Map is ready.</span>
      <button type="button" onClick={() => window.location.reload()}>
        Reload
      </button>
    </div>
  );
}
