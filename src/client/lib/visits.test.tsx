import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router, useLocation, type BaseLocationHook, type NavigateOptions } from 'wouter';
import { countVisits, useVisit, VisitsProvider } from './visits';

// Visits over a location kept in a list, as wouter's memory location keeps it (the location of an
// embedded app): every navigation is a new visit, even to the address already shown, and that one
// replaces the history entry. wouter's own locations, clicks, Back and Forward are covered by
// tests/e2e (navigation and embedding).

/** A location hook over a history list, recording what each navigation asked for. */
function listLocation(start: string) {
  const history = [start];
  const here = () => history.at(-1)!;
  const hook: BaseLocationHook = () => [
    here().split('?')[0]!,
    (to: string, options: NavigateOptions = {}) => {
      if (options.replace) history[history.length - 1] = to;
      else history.push(to);
    },
  ];
  hook.searchHook = () => here().split('?')[1] ?? '';
  return { hook, history };
}

function setup(start: string) {
  const location = listLocation(start);
  const { hook, visits } = countVisits(location.hook);
  let navigate: (to: string, options?: NavigateOptions) => void = () => {};
  function Probe() {
    const [path, go] = useLocation();
    navigate = go;
    return (
      <output>
        {path} {useVisit()}
      </output>
    );
  }
  const render = () =>
    renderToStaticMarkup(
      <VisitsProvider value={visits}>
        <Router hook={hook}>
          <Probe />
        </Router>
      </VisitsProvider>,
    );
  /** Navigates from the page as rendered now, as a click would. */
  const go = (to: string, options?: NavigateOptions) => {
    render();
    navigate(to, options);
  };
  return { history: location.history, hook, visits, render, go };
}

describe('countVisits', () => {
  it('counts every navigation as a visit, also one to the address already shown', () => {
    const { render, go } = setup('/map/draft.default');
    expect(render()).toBe('<output>/map/draft.default 0</output>');
    go('/help');
    expect(render()).toBe('<output>/help 1</output>');
    go('/help');
    expect(render()).toBe('<output>/help 2</output>');
  });

  it('replaces the history entry when the address is the one shown, query included', () => {
    const { history, go } = setup('/map/draft.default');
    go('/map/draft.default');
    go('/compare?baseMapId=a');
    go('/compare?baseMapId=a');
    go('/compare?baseMapId=b');
    go('/help', { replace: true });
    expect(history).toEqual(['/map/draft.default', '/compare?baseMapId=a', '/help']);
  });

  it('tells subscribers of each visit until they unsubscribe, and keeps the wrapped search hook', () => {
    const location = listLocation('/compare?baseMapId=x');
    const { hook, visits, go } = setup('/compare?baseMapId=x');
    expect(countVisits(location.hook).hook.searchHook).toBe(location.hook.searchHook);
    expect(hook.searchHook).toBeDefined();
    const seen: number[] = [];
    const stop = visits.subscribe(() => seen.push(visits.current()));
    go('/help');
    stop();
    go('/map/x');
    expect(seen).toEqual([1]);
    expect(visits.current()).toBe(2);
  });

  it('is visit 0 forever without a counter (a page rendered once, on the server)', () => {
    function Probe() {
      return <output>{useVisit()}</output>;
    }
    expect(renderToStaticMarkup(<Probe />)).toBe('<output>0</output>');
  });
});
