import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { E2E } from './env';

export interface SeededUser {
  id: number;
  token: string;
}
export interface SeededUsers {
  member: SeededUser;
  /** The member on a second device: logging out ends this session only, never the one the others share. */
  memberElsewhere: SeededUser;
  admin: SeededUser;
  blocked: SeededUser;
}

export function seededUsers(port = E2E.port): SeededUsers {
  return JSON.parse(fs.readFileSync(E2E.tokensFile(port), 'utf8'));
}

/** Signs the browser in the way the app itself does: the auth record in local storage. */
export async function signIn(page: Page, token: string) {
  await page.addInitScript((value) => {
    if (!sessionStorage.getItem('e2e-signed-in')) {
      localStorage.setItem('auth', JSON.stringify({ token: value }));
      localStorage.setItem('accessKey', value);
      sessionStorage.setItem('e2e-signed-in', '1');
    }
  }, token);
}
