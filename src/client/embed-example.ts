// PRODUCT §11.3: the example host page. Drafts go through host functions into sessionStorage, and
// the page lists them, which shows that the app used them and left localStorage alone. The
// functions answer both plainly and with Promises, as hosts may.
import type { Draft } from '../domain/belief-map';
import { mount, type BeliefMapHost } from './mount';
import './embed-example.css';

const prefix = 'host-draft.';

function readDraft(draftId: string): unknown {
  const raw = sessionStorage.getItem(prefix + draftId);
  if (raw === null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return raw; // not JSON: the app's schema check turns it away as "no draft"
  }
}

function showDrafts(): void {
  const list = document.getElementById('host-drafts')!;
  const ids = Object.keys(sessionStorage)
    .filter((key) => key.startsWith(prefix))
    .map((key) => key.slice(prefix.length))
    .sort();
  list.replaceChildren(
    ...ids.map((id) => {
      const item = document.createElement('li');
      const draft = readDraft(id) as Partial<Draft> | null;
      const reasons = draft?.data?.reasons?.length ?? 0;
      item.textContent = `${id}: ${draft?.data?.title ?? '(unreadable)'} (${reasons} ${reasons === 1 ? 'reason' : 'reasons'})`;
      return item;
    }),
  );
  document.getElementById('host-drafts-empty')!.hidden = ids.length > 0;
}

const host: BeliefMapHost = {
  fetchDraft: (draftId) => Promise.resolve(readDraft(draftId)),
  persistDraft(draftId, draft) {
    sessionStorage.setItem(prefix + draftId, JSON.stringify(draft));
    showDrafts();
  },
  async deleteDraft(draftId) {
    sessionStorage.removeItem(prefix + draftId);
    showDrafts();
  },
};

// `?path=/map/some-id` opens another map first; the app's routes stay off this page's URL.
const requested = new URLSearchParams(location.search).get('path');
const initialPath = requested?.startsWith('/') ? requested : '/map/draft.default';

showDrafts();
mount(document.getElementById('belief-map')!, host, { initialPath });
