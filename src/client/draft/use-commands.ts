import { useEffect, useMemo } from 'react';
import { useLocation } from 'wouter';
import { useFlash } from '../components/flash';
import { useMapsStore } from './index';
import type { DraftCommands } from './command-api';

// The pages' hold on the draft commands. The commands load after the page (PRODUCT §13.5): a page
// can show a draft before anyone changes it. They are fetched as soon as the page is shown, so that
// a change made at once (Save, then Copy share link) is not held up by their code arriving.

let loadedCode: Promise<typeof import('./commands')> | null = null;
const commandsCode = () => (loadedCode ??= import('./commands'));

/** The draft commands (commands.ts) for this page; each call waits for their code once. */
export function useDraftCommands(): DraftCommands {
  const store = useMapsStore();
  const flash = useFlash();
  const [pathname, navigate] = useLocation();
  useEffect(() => {
    const timer = setTimeout(() => void commandsCode(), 0);
    return () => clearTimeout(timer);
  }, []);
  return useMemo(() => {
    let loaded: Promise<DraftCommands> | null = null;
    const commands = () =>
      (loaded ??= commandsCode().then(({ createDraftCommands }) =>
        createDraftCommands({ store, flash, pathname, navigate: (path) => void navigate(path) }),
      ));
    const names = ['edit', 'merge', 'saveShared', 'create', 'publish', 'discard', 'undo', 'redo'] as const;
    // Each command, as a function that calls the loaded one with the same arguments.
    return Object.fromEntries(
      names.map((name) => [
        name,
        (...args: unknown[]) =>
          commands().then((loaded) => (loaded[name] as (...a: unknown[]) => Promise<unknown>)(...args)),
      ]),
    ) as unknown as DraftCommands;
  }, [store, flash, pathname, navigate]);
}
