import { addPublishedRecord, parsePublishedRecords, type PublishedRecord } from '../../../domain/library';

// PRODUCT §15.1: the maps published from this browser, under one local-storage key. Written at
// publish time; read by "Your maps". Never throws: a full or unusable storage only loses the record.

const publishedRecordKey = 'publishedMaps';

/** The local storage, or null where reading it throws (site data blocked, PRODUCT §7.1). */
function browserStorage(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

export function readPublishedRecords(storage: Storage | null = browserStorage()): PublishedRecord[] {
  try {
    const raw = storage?.getItem(publishedRecordKey) ?? null;
    return raw === null ? [] : parsePublishedRecords(JSON.parse(raw));
  } catch {
    return [];
  }
}

function writePublishedRecords(records: PublishedRecord[], storage: Storage | null): void {
  if (!storage) return;
  try {
    storage.setItem(publishedRecordKey, JSON.stringify(records));
  } catch (error) {
    console.warn('Could not record the published map:', error);
  }
}

export function recordPublishedMap(
  record: PublishedRecord,
  storage: Storage | null = browserStorage(),
): void {
  writePublishedRecords(addPublishedRecord(readPublishedRecords(storage), record), storage);
}

export function forgetPublishedMap(mapId: string, storage: Storage | null = browserStorage()): void {
  writePublishedRecords(
    readPublishedRecords(storage).filter((r) => r.mapId !== mapId),
    storage,
  );
}
