import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Secrets generated on first start for development; production passes them through config. */
export interface DevSecrets {
  jwtSecret: string;
}

/**
 * Reads DATA_DIR/secrets.json, creating it (mode 600) with fresh random values when missing, and
 * adding any value a newer version needs. A value given in config always wins.
 */
export function loadDevSecrets(dataDir: string): DevSecrets {
  const file = path.join(dataDir, 'secrets.json');
  fs.mkdirSync(dataDir, { recursive: true });
  const existing: Partial<DevSecrets> = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  const secrets: DevSecrets = {
    jwtSecret: existing.jwtSecret ?? crypto.randomBytes(48).toString('base64url'),
  };
  if (JSON.stringify(existing) !== JSON.stringify(secrets)) {
    const temp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, JSON.stringify(secrets, null, 2), { mode: 0o600 });
    fs.renameSync(temp, file);
  }
  return secrets;
}
