import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';

// SPEC §9: the flash bar shows one temporary message at a time; a new one replaces the old.

export interface FlashMessage {
  text: string;
  /** How long it stays, in milliseconds (SPEC §9: 2 s redirect, 3 s publish error, 5 s undo). */
  durationMs: number;
  /** Offers an "Undo" button that runs this and closes the message. */
  undo?: () => void;
  /** An error is styled as one; it is still announced politely (role status). */
  tone?: 'info' | 'error';
}

interface FlashApi {
  show(message: FlashMessage): void;
  /** Shows a message that stays until replaced or cleared, e.g. "Publishing map...". */
  showPending(text: string): void;
  clear(): void;
}

interface Current extends FlashMessage {
  key: number;
}

const FlashContext = createContext<FlashApi | null>(null);
const CurrentFlashContext = createContext<Current | null>(null);

export const flashDurations = { redirect: 2000, publishError: 3000, undo: 5000 } as const;

export function FlashProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<Current | null>(null);
  const counter = useRef(0);
  const api = useMemo<FlashApi>(
    () => ({
      show: (message) => setCurrent({ ...message, key: ++counter.current }),
      showPending: (text) => setCurrent({ text, durationMs: Infinity, key: ++counter.current }),
      clear: () => setCurrent(null),
    }),
    [],
  );
  useEffect(() => {
    if (!current || !Number.isFinite(current.durationMs)) return;
    const timer = setTimeout(
      () => setCurrent((c) => (c?.key === current.key ? null : c)),
      current.durationMs,
    );
    return () => clearTimeout(timer);
  }, [current]);
  return (
    <FlashContext.Provider value={api}>
      <CurrentFlashContext.Provider value={current}>{children}</CurrentFlashContext.Provider>
    </FlashContext.Provider>
  );
}

export function useFlash(): FlashApi {
  const api = useContext(FlashContext);
  if (!api) throw new Error('useFlash needs a FlashProvider');
  return api;
}

/** The bar itself: role "status" so screen readers announce each message (PRODUCT §6). */
export function FlashBar() {
  const current = useContext(CurrentFlashContext);
  const api = useFlash();
  const undo = useCallback(() => {
    current?.undo?.();
    api.clear();
  }, [current, api]);
  return (
    <div className="flash-region">
      <div role="status" className={current ? `flash-bar ${current.tone ?? 'info'}` : 'flash-bar empty'}>
        {current && (
          <>
            <span className="flash-text">{current.text}</span>
            {current.undo && (
              <button type="button" className="flash-undo" onClick={undo}>
                Undo
              </button>
            )}
          </>
        )}
      </div>
    </div>
  );
}
