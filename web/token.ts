/**
 * @module web/token
 * The API token the inspector sends, kept in sessionStorage (gone when the tab closes, never in
 * localStorage or a cookie) and read back on reload.
 */
const KEY = 'memory-service.token';

export function loadToken(storage: Pick<Storage, 'getItem'> = sessionStorage): string {
  return storage.getItem(KEY) ?? '';
}

export function saveToken(token: string, storage: Pick<Storage, 'setItem' | 'removeItem'> = sessionStorage): void {
  if (token === '') storage.removeItem(KEY);
  else storage.setItem(KEY, token);
}
