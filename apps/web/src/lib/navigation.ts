/**
 * Lets lib code (the HTTP client) navigate without importing the router:
 * the app registers the router's navigate at start-up.
 */
type Navigate = (path: string) => void;

let navigateImpl: Navigate = (path) => window.location.assign(path);

export function setNavigate(fn: Navigate): void {
  navigateImpl = fn;
}

export function navigateTo(path: string): void {
  navigateImpl(path);
}
