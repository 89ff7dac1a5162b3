import { createElement, lazy, useState, type ComponentType } from 'react';

/*
 * A part of a page in a chunk of its own that the server also draws (src/ssr): React.lazy, except
 * that once its code is in, a new instance renders it at once instead of suspending. The app
 * loads these parts before it hydrates a page the server rendered (main.tsx): a lazy part that
 * suspends during hydration keeps the server's markup only until its boundary gets an update (a
 * match's MATCH_UPDATED, every visit), and then React swaps it for its fallback until the code
 * arrives, so the page below jumps up and back down (the match page's market board did, CLS 0.9).
 */

const loads = new Set<() => Promise<unknown>>();

/** React.lazy of `load`, rendered at once by an instance made after its code is in. */
export function serverDrawnPart<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const loadOnce = () =>
    (loading ??= load().then((m) => {
      loaded = m.default;
      return m;
    }));
  loads.add(loadOnce);
  const Lazy = lazy(loadOnce);
  return function ServerDrawnPart(props: P) {
    // Chosen once per instance: switching between the two would mount it afresh.
    const [Ready] = useState(() => loaded);
    return Ready ? createElement(Ready, props) : createElement(Lazy, props);
  };
}

/**
 * The code of every such part of the modules loaded so far (the page's, the layout's). A part whose
 * code fails to load does not stop the others, nor the hydration: that part suspends as React.lazy
 * would, and its boundary shows what it shows on failure.
 */
export function serverDrawnPartsLoaded(): Promise<unknown> {
  return Promise.allSettled([...loads].map((load) => load()));
}
