import {
  draftSchema,
  publishedMapSchema,
  validate,
  type Draft,
  type PublishedMap,
} from '../../domain/belief-map';
import { createDraft, toPublishRequest } from '../../domain/draft';
import { parseMapId } from '../../domain/map-id';
import type { Persistence } from '../persistence/host';
import { sessionHistories, type HistoryStorage } from '../persistence/session-history';
import { emptyHistory, parseHistory, recordStep, redoStep, undoStep, type EditHistory } from './edit-history';
import { loadMap } from './load-map';
import {
  emptyMapsState,
  absent,
  isDraftEntry,
  isNewer,
  reconcileDraft,
  setEntry,
  type AbsentEntry,
  type DraftEntry,
  type MapEntry,
  type MapsState,
} from './maps-state';

// The client's maps and every transition of a draft (PRODUCT §7, §8.1): load, edit, publish,
// discard, restore. Framework-free, so it is unit-tested without a browser; React reads it through
// useSyncExternalStore (maps-context.tsx).
//
// Two rules keep drafts safe. Every change of a draft goes through one queue, so two quick edits,
// or an edit racing a publish, never read the same old draft. And every change bumps the draft's
// revision, so a slow load that started before it cannot put an older draft back.

/** A change to a draft: a pure function such as those of domain/draft.ts or domain/merge.ts. */
export type DraftChange = (draft: Draft, now: Date) => Draft;

export interface EditResult {
  /** The entry before the edit; `restore(draftId, previous)` undoes the edit. */
  previous: DraftEntry;
  next: Draft;
  /** Set when storage refused the draft (e.g. full); the edit is still held in this tab. */
  saveError: string | null;
  /** The edit changed the map and is the latest step of the history: `undo` takes it back. */
  recorded: boolean;
}

/** A state of a draft that Undo and Redo can go back to: stored, or a fresh copy of its base. */
export interface DraftState {
  draft: Draft;
  /** False for a fresh copy, which going back to deletes from storage again. */
  stored: boolean;
}

export type DraftHistory = EditHistory<DraftState>;

/** A draft changed by another tab or window (the storage event), for the page to announce. */
export interface ExternalChange {
  draftId: string;
  change: 'updated' | 'deleted';
}

export class MapsStore {
  private state: MapsState = emptyMapsState;
  private readonly listeners = new Set<() => void>();
  private readonly externalListeners = new Set<(change: ExternalChange) => void>();
  private readonly revisions = new Map<string, number>();
  private queue: Promise<unknown> = Promise.resolve();
  private readonly persistence: Persistence;
  /** The persistence, but published maps come from state once loaded: they never change (PRODUCT §8.2). */
  private readonly cachedPersistence: Persistence;
  private readonly now: () => Date;
  private readonly histories = new Map<string, DraftHistory>();
  private readonly historyStorage: HistoryStorage;

  constructor(
    persistence: Persistence,
    now: () => Date = () => new Date(),
    historyStorage: HistoryStorage = sessionHistories,
  ) {
    this.persistence = persistence;
    this.now = now;
    this.historyStorage = historyStorage;
    this.cachedPersistence = {
      ...persistence,
      fetchMap: async (mapId) => {
        const entry = this.state.entries[mapId];
        if (entry?.kind === 'published') return entry.map;
        return persistence.fetchMap(mapId);
      },
    };
  }

  // --- reading, for useSyncExternalStore -------------------------------------------------------

  readonly getSnapshot = (): MapsState => this.state;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Calls `listener` when another tab changes or deletes a draft this store holds. */
  onExternalChange(listener: (change: ExternalChange) => void): () => void {
    this.externalListeners.add(listener);
    return () => this.externalListeners.delete(listener);
  }

  // --- loading ---------------------------------------------------------------------------------

  /**
   * Loads `input` (PRODUCT §7.2): a published id loads the map (once; published maps never change)
   * and re-reads its draft; a draft id re-reads the draft or copies its base. Never throws: a
   * failure becomes a "failed" entry of the base id (a malformed id fails in viewMap at once).
   */
  async load(input: string): Promise<void> {
    const parsed = parseMapId(input);
    if (!parsed.ok) return;
    const id = parsed.value;
    if (this.state.entries[id.baseId]?.kind === 'failed') this.set(id.baseId, undefined); // retry
    const revision = this.revision(id.draftId);
    const result = await loadMap(this.cachedPersistence, input, this.now);
    if (!result.ok) {
      console.warn(`Could not load map ${input}: ${result.error}`);
      this.set(id.baseId, { kind: 'failed', message: result.error });
      return;
    }
    const loaded = result.value;
    // A published map loaded for a fresh copy is kept too: the draft's subtitle shows its title.
    const published = loaded.kind === 'published' ? loaded.map : loaded.base;
    if (published) this.set(id.baseId, { kind: 'published', map: published });
    if (revision !== this.revision(id.draftId)) return; // the draft changed while we were reading
    const draft: DraftEntry | AbsentEntry =
      loaded.kind === 'draft'
        ? { kind: 'draft', draft: loaded.draft, stored: loaded.stored, saveError: null }
        : loaded.draft
          ? { kind: 'draft', draft: loaded.draft, stored: true, saveError: null }
          : absent;
    const next = reconcileDraft(this.state.entries[id.draftId], draft);
    if (next !== this.state.entries[id.draftId]) this.set(id.draftId, next);
  }

  /**
   * Loads the published map `mapId` alone, for what a draft page shows of its base (its title in
   * the subtitle, PRODUCT §6.2). Unlike `load`, it leaves every draft as it is; a map that cannot be
   * loaded stays unknown, and nothing is shown of the failure.
   */
  async loadPublished(mapId: string): Promise<void> {
    if (this.state.entries[mapId] !== undefined) return;
    const map = await this.cachedPersistence.fetchMap(mapId).catch(() => null);
    if (map && this.state.entries[mapId] === undefined) this.set(mapId, { kind: 'published', map });
  }

  /**
   * Holds `maps` as loaded: the published maps a page rendered on the server carries (PRODUCT
   * §13.6), so that showing them, on the server and again in the browser, fetches nothing.
   */
  preload(maps: Readonly<Record<string, PublishedMap>>): void {
    for (const [id, map] of Object.entries(maps)) this.set(id, { kind: 'published', map });
  }

  // --- changing drafts -------------------------------------------------------------------------

  /**
   * Applies `change` to the draft `draftId` (PRODUCT §7.3: the change sets updatedAt and re-sorts), shows
   * it at once and stores it. A newer version stored by another tab is edited instead of this
   * tab's copy, so neither tab overwrites the other. Rejects only when the draft cannot be loaded.
   */
  edit(draftId: string, change: DraftChange): Promise<EditResult> {
    return this.enqueue(async () => {
      const current = await this.currentDraft(draftId);
      let base = current.draft;
      if (current.saveError === null) {
        const stored = await this.persistence.fetchDraft(draftId).catch(() => null);
        if (stored && isNewer(stored, base)) base = stored;
      }
      const previous: DraftEntry = { ...current, draft: base };
      const next = change(base, this.now());
      const recorded = !sameData(base, next);
      if (recorded)
        this.setHistory(
          draftId,
          recordStep(this.history(draftId), stateOf(previous, base !== current.draft)),
        );
      this.bump(draftId);
      this.set(draftId, { kind: 'draft', draft: next, stored: current.stored, saveError: null });
      const saveError = await this.store(draftId, next, current.stored);
      return { previous, next, saveError, recorded };
    });
  }

  /**
   * Stores `draft` as the new draft `draftId` (an import, a shared draft saved: PRODUCT §15.3,
   * §15.4) and resolves to null or the message of a refused write. Rejects when a draft is
   * already kept under that id: a new draft never overwrites one.
   */
  create(draftId: string, draft: Draft): Promise<string | null> {
    return this.enqueue(async () => {
      if (await this.persistence.fetchDraft(draftId).catch(() => null)) {
        throw new Error(`A draft ${draftId} already exists`);
      }
      this.bump(draftId);
      this.set(draftId, { kind: 'draft', draft, stored: false, saveError: null });
      const saveError = await this.store(draftId, draft, false);
      if (saveError) this.set(draftId, absent);
      return saveError;
    });
  }

  /** Every draft kept, for Your maps (PRODUCT §15.1). */
  listDrafts() {
    return this.persistence.listDrafts();
  }

  /** Puts `previous` back (Undo): stores it again, or deletes the draft if it was a fresh copy. */
  restore(draftId: string, previous: DraftEntry): Promise<void> {
    return this.enqueue(async () => {
      this.bump(draftId);
      this.set(draftId, previous);
      if (previous.stored || previous.saveError !== null)
        await this.store(draftId, previous.draft, previous.stored);
      else await this.persistence.deleteDraft(draftId);
    });
  }

  /**
   * Undoes the latest step of the draft's history (PRODUCT §7.6): the draft as it was before it,
   * stored as an edit (updatedAt now, so other tabs follow), or deleted again if it was a fresh
   * copy. With `asBefore` (the Undo of a flash message, right after its edit) the state is stored
   * exactly as it was, as if the edit had never been made. Resolves to false when there is nothing
   * to undo.
   */
  undo(draftId: string, { asBefore = false } = {}): Promise<boolean> {
    return this.enqueue(() => this.step(draftId, undoStep, asBefore));
  }

  /** Redoes the latest undone step (PRODUCT §7.6); resolves to false when there is none. */
  redo(draftId: string): Promise<boolean> {
    return this.enqueue(() => this.step(draftId, redoStep, false));
  }

  /** The draft's Undo history in this session; the same object until it changes. */
  history(draftId: string): DraftHistory {
    let history = this.histories.get(draftId);
    if (history === undefined) {
      history = parseHistory(this.historyStorage.read(draftId), parseDraftState);
      this.histories.set(draftId, history);
    }
    return history;
  }

  /** Deletes the draft (PRODUCT §7.4) and resolves to what it was, for Undo. */
  discard(draftId: string): Promise<DraftEntry | null> {
    return this.enqueue(async () => {
      const entry = this.state.entries[draftId];
      this.bump(draftId);
      await this.persistence.deleteDraft(draftId);
      this.set(draftId, absent);
      return isDraftEntry(entry) ? entry : null;
    });
  }

  /**
   * Publishes the draft (PRODUCT §8): sends it, then deletes it, and resolves to the new map id. On
   * failure it rejects and the draft stays exactly as it was. A draft changed while the request
   * was out (in another tab) is kept. When the answer says when the map was published, the map is
   * held as published at once from what was sent, so opening it needs no request.
   */
  publish(draftId: string): Promise<string> {
    return this.enqueue(async () => {
      const current = await this.currentDraft(draftId);
      const revision = this.revision(draftId);
      const { mapId, published } = await this.persistence.publishMap(current.draft);
      const sent = published && publishedFrom(current.draft, published);
      if (sent) this.set(mapId, { kind: 'published', map: sent });
      const title = current.draft.data.title;
      this.persistence.recordPublished({ mapId, title, published: published ?? this.now().toISOString() });
      const stored = await this.persistence.fetchDraft(draftId).catch(() => null);
      const changedElsewhere = stored !== null && isNewer(stored, current.draft);
      if (revision === this.revision(draftId) && !changedElsewhere) {
        this.bump(draftId);
        await this.persistence
          .deleteDraft(draftId)
          .catch((error: unknown) => console.warn('Could not delete the published draft', error));
        this.setHistory(draftId, emptyHistory);
        this.set(draftId, absent);
      }
      return mapId;
    });
  }

  // --- other tabs ------------------------------------------------------------------------------

  /** Follows drafts changed in other tabs, so two tabs stay in step (PRODUCT §7). */
  watch(): () => void {
    return this.persistence.watchDrafts((draftId) => {
      const ids =
        draftId === '*' ? Object.keys(this.state.entries).filter((id) => id.startsWith('draft.')) : [draftId];
      for (const id of ids) void this.refresh(id);
    });
  }

  /** Re-reads one draft after another tab changed it; ignores drafts this store never loaded. */
  refresh(draftId: string): Promise<void> {
    return this.enqueue(async () => {
      const entry = this.state.entries[draftId];
      if (entry === undefined) return;
      const stored = await this.persistence.fetchDraft(draftId).catch(() => null);
      if (stored) {
        if (isDraftEntry(entry) && !isNewer(stored, entry.draft) && (entry.stored || entry.saveError)) return;
        this.bump(draftId);
        this.set(draftId, { kind: 'draft', draft: stored, stored: true, saveError: null });
        this.emit({ draftId, change: 'updated' });
        return;
      }
      if (!isDraftEntry(entry) || !entry.stored || entry.saveError !== null) return;
      // Deleted (discarded or published) elsewhere: show a fresh copy of the base, as a reload would.
      this.bump(draftId);
      const base = await this.baseOf(draftId);
      this.set(
        draftId,
        base
          ? { kind: 'draft', draft: createDraft(base, this.now()), stored: false, saveError: null }
          : absent,
      );
      this.emit({ draftId, change: 'deleted' });
    });
  }

  // --- internals -------------------------------------------------------------------------------

  private async step(
    draftId: string,
    move: (
      history: DraftHistory,
      present: DraftState,
    ) => { target: DraftState; history: DraftHistory } | null,
    asBefore: boolean,
  ): Promise<boolean> {
    const current = await this.currentDraft(draftId);
    const moved = move(this.history(draftId), stateOf(current));
    if (!moved) return false;
    this.setHistory(draftId, moved.history);
    this.bump(draftId);
    const { target } = moved;
    if (target.stored) {
      const draft = asBefore
        ? target.draft
        : { ...target.draft, updatedAt: later(this.now(), current.draft.updatedAt) };
      this.set(draftId, { kind: 'draft', draft, stored: current.stored, saveError: null });
      await this.store(draftId, draft, current.stored);
    } else {
      await this.persistence.deleteDraft(draftId);
      this.set(draftId, { kind: 'draft', draft: target.draft, stored: false, saveError: null });
    }
    return true;
  }

  /** Keeps `history` and stores it for the session; when storage refuses, with fewer steps back. */
  private setHistory(draftId: string, history: DraftHistory): void {
    this.histories.set(draftId, history);
    let kept = history;
    while (!this.historyStorage.write(draftId, kept) && kept.past.length + kept.future.length > 0)
      kept = {
        past: kept.past.slice(Math.ceil(kept.past.length / 2)),
        future: kept.future.slice(Math.ceil(kept.future.length / 2)),
      };
    for (const listener of this.listeners) listener();
  }

  /** The draft in state, or loaded as a draft route would load it (the compare page may edit a draft it never showed). */
  private async currentDraft(draftId: string): Promise<DraftEntry> {
    const entry = this.state.entries[draftId];
    if (isDraftEntry(entry)) return entry;
    const result = await loadMap(this.cachedPersistence, draftId, this.now);
    if (!result.ok || result.value.kind !== 'draft')
      throw new Error(result.ok ? `${draftId} is not a draft id` : result.error);
    const loaded: DraftEntry = {
      kind: 'draft',
      draft: result.value.draft,
      stored: result.value.stored,
      saveError: null,
    };
    this.set(draftId, loaded);
    return loaded;
  }

  private async baseOf(draftId: string): Promise<PublishedMap | null> {
    const parsed = parseMapId(draftId);
    if (!parsed.ok) return null;
    return this.cachedPersistence.fetchMap(parsed.value.baseId).catch(() => null);
  }

  /** Stores `draft`; resolves to null, or to the message of a refused write (kept in memory). */
  private async store(draftId: string, draft: Draft, wasStored: boolean): Promise<string | null> {
    const revision = this.revision(draftId);
    let saveError: string | null = null;
    try {
      await this.persistence.persistDraft(draftId, draft);
    } catch (error) {
      saveError = error instanceof Error ? error.message : String(error);
      console.warn(`Could not store draft ${draftId}: ${saveError}`);
    }
    if (revision === this.revision(draftId))
      this.set(draftId, { kind: 'draft', draft, stored: saveError === null || wasStored, saveError });
    return saveError;
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private revision(draftId: string): number {
    return this.revisions.get(draftId) ?? 0;
  }

  private bump(draftId: string): void {
    this.revisions.set(draftId, this.revision(draftId) + 1);
  }

  private set(id: string, entry: MapEntry | undefined): void {
    this.state = setEntry(this.state, id, entry);
    for (const listener of this.listeners) listener();
  }

  private emit(change: ExternalChange): void {
    for (const listener of this.externalListeners) listener(change);
  }
}

/**
 * The map the server stores for a publish of `draft` at `published`: the request checked with the
 * same schema the server uses, so it is exactly what a GET would answer; null if it fails (the
 * map is then fetched).
 */
function publishedFrom(draft: Draft, published: string): PublishedMap | null {
  const result = validate(publishedMapSchema, { ...toPublishRequest(draft), published });
  return result.ok ? result.value : null;
}

function stateOf(entry: DraftEntry, storedElsewhere = false): DraftState {
  return { draft: entry.draft, stored: storedElsewhere || entry.stored || entry.saveError !== null };
}

function sameData(a: Draft, b: Draft): boolean {
  return JSON.stringify(a.data) === JSON.stringify(b.data);
}

/** `now` as an ISO timestamp, or 1 ms after `than` if that is not earlier, so the step counts as newer. */
function later(now: Date, than: string): string {
  const after = Date.parse(than) + 1;
  return new Date(Math.max(now.getTime(), Number.isNaN(after) ? 0 : after)).toISOString();
}

function parseDraftState(raw: unknown): DraftState | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { draft, stored } = raw as { draft?: unknown; stored?: unknown };
  const parsed = validate(draftSchema, draft);
  return parsed.ok && typeof stored === 'boolean' ? { draft: parsed.value, stored } : null;
}
