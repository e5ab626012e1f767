import { useEffect } from 'react';
import { useMapsStore } from '../../draft';
import { loadLimits } from '../../draft/form/limits';
import { lazyModule } from '../../lib/lazy-module';

export type EditForms = typeof import('./edit-forms');

const useFormsModule = lazyModule(() => import('./edit-forms'), 'The belief and reason forms');

/**
 * The belief and reason forms, or null until their chunk has loaded. The load starts when a draft
 * is first shown, so the forms are there long before anyone presses "Edit belief"; until then an
 * open form shows "Loading...". The server's limits, which the forms check, are asked for then too.
 */
export function useEditForms(): EditForms | null {
  const store = useMapsStore();
  useEffect(() => {
    void loadLimits(() => store.persistence.fetchLimits());
  }, [store]);
  return useFormsModule();
}
