import { readImport, type ImportRequest } from './read-import';

// PRODUCT §15.3: the parsers run in this module worker, so that a file that takes long to read
// never stops the page, and the page can end the reading after its time limit. The answer is
// plain data: a Result of the imported map.

self.onmessage = (event: MessageEvent<ImportRequest>) => {
  self.postMessage(readImport(event.data));
};
