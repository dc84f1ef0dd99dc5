import { session } from '../../lib/session';
import { logoutOnServer } from './api/logout';

/**
 * SPEC.md section 4: logout clears auth, profile and wallet and disconnects the socket (the
 * session's logout handlers do that) and by default goes to the index. The server ends the session
 * too; the request carries the token before it is cleared here, and leaving does not wait for it
 * (a network failure must not keep anyone signed in on this device).
 */
export function logout(navigate: (to: string) => void, to = '/') {
  if (session.token()) void logoutOnServer().catch(() => undefined);
  session.clear();
  navigate(to);
}
