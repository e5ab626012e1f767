import { useEffect, useState } from 'react';

type EditForms = typeof import('./edit-forms');

let loaded: EditForms | null = null;

/**
 * The belief and reason forms, or null until their chunk has loaded. The load starts when a draft
 * is first shown, so the forms are there long before anyone presses "Edit belief"; until then an
 * open form shows "Loading...".
 */
export function useEditForms(): EditForms | null {
  const [forms, setForms] = useState(loaded);
  useEffect(() => {
    if (forms) return;
    let current = true;
    void import('./edit-forms').then((module) => {
      loaded = module;
      if (current) setForms(module);
    });
    return () => {
      current = false;
    };
  }, [forms]);
  return forms;
}
