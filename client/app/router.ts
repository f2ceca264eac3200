// A tiny history-API router: the current path, navigation, and a change notification.
// Pages are chosen by app-root from the path; links opt in with data-route so the browser
// handles everything else (downloads, external links) normally.

export type RouteListener = (path: string) => void;

const listeners = new Set<RouteListener>();

export function currentPath(): string {
  return window.location.pathname;
}

function notify(): void {
  const path = currentPath();
  for (const listener of listeners) listener(path);
}

export function navigate(path: string, options: { replace?: boolean } = {}): void {
  if (path === currentPath()) return;
  if (options.replace) window.history.replaceState(null, '', path);
  else window.history.pushState(null, '', path);
  notify();
}

/** Calls `listener` after every navigation, including back and forward; returns the unsubscribe. */
export function onRouteChange(listener: RouteListener): () => void {
  if (listeners.size === 0) window.addEventListener('popstate', notify);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('popstate', notify);
  };
}

/**
 * Turns a plain left click on an `<a data-route href="/x">` inside `event`'s path into a
 * router navigation. Works across shadow roots because it reads the composed path.
 */
export function interceptRouteClick(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const anchor = event
    .composedPath()
    .find((node): node is HTMLAnchorElement => node instanceof HTMLAnchorElement && node.hasAttribute('data-route'));
  if (!anchor || anchor.origin !== window.location.origin) return;
  event.preventDefault();
  navigate(anchor.pathname);
}
