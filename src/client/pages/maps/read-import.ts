import { decodeMapFile, importMap, type ImportedMap } from '../../../domain/formats/import-map';
import type { Result } from '../../../domain/result';

// PRODUCT §15.3: what the import worker runs, and the page itself where there is no worker.

/** What is read: a file's bytes or pasted text, which main statement is the belief, and whether
 * the statements not linked to it come in as unrated reasons. */
export interface ImportRequest {
  input: Uint8Array | string;
  main?: number;
  unlinkedAsReasons?: boolean;
}

/** The map in the request's file or text, or why not (rule F7). Pure but for new reason ids. */
export function readImport({ input, main, unlinkedAsReasons }: ImportRequest): Result<ImportedMap> {
  const decoded = typeof input === 'string' ? { ok: true as const, value: input } : decodeMapFile(input);
  return decoded.ok ? importMap(decoded.value, { main, unlinkedAsReasons }) : decoded;
}
