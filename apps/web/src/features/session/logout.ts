import { session } from '../../lib/session';

/**
 * SPEC.md section 4: logout clears auth, profile and wallet and disconnects the socket (the
 * session's logout handlers do that) and by default goes to the index.
 */
export function logout(navigate: (to: string) => void, to = '/') {
  session.clear();
  navigate(to);
}
