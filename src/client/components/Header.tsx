import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from '../lib/router';
import { useColorScheme } from './use-color-scheme';

/** SPEC §2, PRODUCT §6: title, the three links, the colour-mode button and the narrow-screen menu. */
export function Header() {
  const [scheme, toggleScheme] = useColorScheme();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setMenuOpen(false), [location.pathname]);

  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link to="/" className="brand">
          Belief Map v0.1
        </Link>
        <button
          type="button"
          className="menu-button"
          aria-expanded={menuOpen}
          aria-controls="site-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          Menu
        </button>
        <nav id="site-nav" aria-label="Main" className={menuOpen ? 'site-nav open' : 'site-nav'}>
          <NavLink to="/map/draft.default">Create map</NavLink>
          <NavLink to="/compare" end>
            Compare maps
          </NavLink>
          <NavLink to="/help">Help</NavLink>
        </nav>
        <button type="button" className="scheme-button" onClick={toggleScheme}>
          {scheme === 'dark' ? 'Light mode' : 'Dark mode'}
        </button>
      </div>
    </header>
  );
}
