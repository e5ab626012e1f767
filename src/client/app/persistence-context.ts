import { createContext, useContext } from 'react';
import { createPersistence, type Persistence } from '../persistence/host';

const PersistenceContext = createContext<Persistence>(createPersistence());

export const PersistenceProvider = PersistenceContext.Provider;

/** Where drafts and maps come from: the host's functions, or local storage and the API. */
export function usePersistence(): Persistence {
  return useContext(PersistenceContext);
}
