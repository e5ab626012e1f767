// PRODUCT §7.5: the draft's open form, kept for the tab's session in session storage under
// `form.` + draft id, so a reload reopens it with what was typed. Only raw JSON here; the state
// layer checks it (open-form.ts). Reading or writing never throws: without session storage
// the form is kept in memory, for as long as the page.

const formKey = (draftId: string) => `form.${draftId}`;
const inMemory = new Map<string, unknown>();

export function readSessionForm(draftId: string): unknown {
  if (inMemory.has(draftId)) return inMemory.get(draftId);
  try {
    const raw = sessionStorage.getItem(formKey(draftId));
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

/** Keeps `form`, or forgets it when null. */
export function writeSessionForm(draftId: string, form: unknown): void {
  inMemory.set(draftId, form);
  try {
    if (form === null) sessionStorage.removeItem(formKey(draftId));
    else sessionStorage.setItem(formKey(draftId), JSON.stringify(form));
  } catch {
    // Full or blocked: the form is still kept in memory, only a reload would lose it.
  }
}
