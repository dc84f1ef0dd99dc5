import { STORAGE_KEYS, storage } from './storage';

function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; a phone on the LAN over http still gets a random id.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The device fingerprint (`fp`): a random id made once per browser and kept. It tells the server
 * when several accounts use one device, without reading anything about the device itself.
 */
export function getFingerprint(): string {
  let fp = storage.get(STORAGE_KEYS.fingerprint);
  if (!fp) {
    fp = randomId();
    storage.set(STORAGE_KEYS.fingerprint, fp);
  }
  return fp;
}
