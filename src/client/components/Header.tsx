import { useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Link, useLocation } from 'wouter';
import { DisclosureButton } from './DisclosureButton';
import { menuOpen as menuOpenInPage, setMenuOpen, subscribeToMenu } from './site-menu';
import { useColorScheme } from './use-color-scheme';

/** PRODUCT §6.1: title, the three links, the colour-mode button and the narrow-screen menu. */
export function Header() {
  const [, toggleScheme] = useColorScheme();
  // Kept on the page (site-menu.ts), which the reader's script may have opened before the app
  // took the page over: the first render reads it too, so it matches the page as it is.
  const menuOpen = useSyncExternalStore(subscribeToMenu, menuOpenInPage, menuOpenInPage);
  const [path] = useLocation();
  // Back and Forward close the menu when the path changes; a followed link closes it at once
  // (the nav's onClickCapture below).
  const shownPath = useRef(path);
  useEffect(() => {
    if (shownPath.current === path) return;
    shownPath.current = path;
    setMenuOpen(false);
  }, [path]);
  const menuButton = useRef<HTMLButtonElement>(null);
  // PRODUCT §6.1: Escape closes the open menu, with the focus back on its button, and so does a
  // click outside the header's row.
  useEffect(() => {
    if (!menuOpen) return;
    const button = menuButton.current!;
    const close = (event: Event) => {
      const key = (event as KeyboardEvent).key;
      if (key ? key !== 'Escape' : button.parentElement!.contains(event.target as Node)) return;
      setMenuOpen(false);
      if (key) button.focus();
    };
    addEventListener('keydown', close);
    addEventListener('click', close);
    return () => {
      removeEventListener('keydown', close);
      removeEventListener('click', close);
    };
  }, [menuOpen]);

  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link to="/" className="brand">
          Belief Map v0.1
        </Link>
        <DisclosureButton
          ref={menuButton}
          className="menu-button"
          controls="site-nav"
          open={menuOpen}
          onToggle={setMenuOpen}
        >
          Menu
        </DisclosureButton>
        <nav
          id="site-nav"
          aria-label="Main"
          className={menuOpen ? 'site-nav open' : 'site-nav'}
          onClickCapture={(event) => {
            // The page a link leads to may take a moment to load, and the path (so the effect
            // above) changes only once it has: meanwhile a keyboard user would tab through links
            // about to vanish. So the menu closes before the link navigates.
            const plain =
              event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey;
            if (plain && (event.target as Element).closest('a')) flushSync(() => setMenuOpen(false));
          }}
        >
          <NavLink to="/map/draft.default" path={path}>
            Create map
          </NavLink>
          <NavLink to="/compare" path={path} end>
            Compare maps
          </NavLink>
          <NavLink to="/maps" path={path}>
            Your maps
          </NavLink>
          <NavLink to="/help" path={path}>
            Help
          </NavLink>
        </nav>
        <button type="button" className="scheme-button" onClick={toggleScheme}>
          {/* Both names, the colour mode on <html> showing one (styles.css): the server's HTML is
              right in either mode before any script runs, and the app changes nothing of it. */}
          <span className="scheme-light">Dark mode</span>
          <span className="scheme-dark">Light mode</span>
        </button>
      </div>
    </header>
  );
}

interface NavLinkProps {
  to: string;
  /** The current path. */
  path: string;
  /** Only the exact path is current, not the paths below it. */
  end?: boolean;
  children: ReactNode;
}

/** A header link that says when it leads to the current page: class "active", aria-current="page". */
function NavLink({ to, path, end = false, children }: NavLinkProps) {
  const current = path.toLowerCase().replace(/(.)\/$/, '$1');
  const target = to.toLowerCase();
  const active = current === target || (!end && current.startsWith(`${target}/`));
  return (
    <Link to={to} className={active ? 'active' : undefined} aria-current={active ? 'page' : undefined}>
      {children}
    </Link>
  );
}
