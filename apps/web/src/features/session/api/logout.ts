import { SESSION_PATHS } from '@app/shared/schemas/session-paths';
import { api } from '../../../lib/api-client';

/** Ends this device's session on the server, so the token stops working even if it was copied. */
export const logoutOnServer = () => api<{ ok: true }>(SESSION_PATHS.logout, { method: 'POST' });
