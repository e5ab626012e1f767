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

// PRODUCT §6.4: the flash bar shows one temporary message at a time; a new one replaces the old.

interface FlashMessage {
  text: string;
  /** How long it stays, in milliseconds (PRODUCT §6.4: 2 s redirect, 3 s publish error, 5 s undo). */
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
  /** Pauses the current message's timer while the keyboard is in the bar (null resumes it). */
  hold(key: number | null): void;
  /** Pauses whatever message is shown while the pointer is over the bar (false resumes it). */
  hover(inside: boolean): void;
}

interface Current extends FlashMessage {
  key: number;
}

const FlashContext = createContext<FlashApi | null>(null);
const CurrentFlashContext = createContext<Current | null>(null);

export const flashDurations = { redirect: 2000, publishError: 3000, undo: 5000 } as const;

export function FlashProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<Current | null>(null);
  const [heldKey, setHeldKey] = useState<number | null>(null);
  const [hovered, setHovered] = useState(false);
  const counter = useRef(0);
  const remaining = useRef({ key: -1, ms: 0 });
  const api = useMemo<FlashApi>(
    () => ({
      show: (message) => setCurrent({ ...message, key: ++counter.current }),
      showPending: (text) => setCurrent({ text, durationMs: Infinity, key: ++counter.current }),
      clear: () => setCurrent(null),
      hold: (key) => setHeldKey(key),
      hover: (inside) => setHovered(inside),
    }),
    [],
  );
  // A message with Undo must stay long enough to reach and to read: its time does not run while
  // the focus or the pointer is in the bar (WCAG 2.2.1), and goes on with what was left after.
  const held = current !== null && (heldKey === current.key || hovered);
  useEffect(() => {
    if (!current || !Number.isFinite(current.durationMs) || held) return;
    if (remaining.current.key !== current.key)
      remaining.current = { key: current.key, ms: current.durationMs };
    const started = Date.now();
    const timer = setTimeout(
      () => setCurrent((c) => (c?.key === current.key ? null : c)),
      remaining.current.ms,
    );
    return () => {
      clearTimeout(timer);
      if (remaining.current.key === current.key) remaining.current.ms -= Date.now() - started;
    };
  }, [current, held]);
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

/** The bar itself: role "status" so screen readers announce each message (PRODUCT §6.4). */
export function FlashBar() {
  const current = useContext(CurrentFlashContext);
  const api = useFlash();
  const region = useRef<HTMLDivElement>(null);
  const hadFocus = useRef(false);
  const undo = useCallback(() => {
    current?.undo?.();
    api.clear();
  }, [current, api]);
  // When the message that held focus goes away, focus would fall to the page's start; put it on
  // the page's heading instead, so a keyboard user goes on from where they are.
  useEffect(() => {
    if (!hadFocus.current || region.current?.contains(document.activeElement)) return;
    hadFocus.current = false;
    api.hold(null);
    if (document.activeElement && document.activeElement !== document.body) return;
    const target =
      document.querySelector<HTMLElement>('#main h1[tabindex]') ?? document.getElementById('main');
    target?.focus();
  }, [current, api]);
  return (
    <div
      className="flash-region"
      ref={region}
      onPointerEnter={() => api.hover(true)}
      onPointerLeave={() => api.hover(false)}
      onFocus={() => {
        hadFocus.current = true;
        api.hold(current?.key ?? null);
      }}
      onBlur={(event) => {
        if (region.current?.contains(event.relatedTarget as Node | null)) return;
        api.hold(null);
        // No related target: the focused button is being removed (or the window lost focus).
        if (event.relatedTarget !== null) hadFocus.current = false;
      }}
    >
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
