import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { english, generateMnemonic, generatePrivateKey } from 'viem/accounts';

/** Secrets generated on first start for development; production passes them through config. */
export interface DevSecrets {
  jwtSecret: string;
  /** BIP-39 phrase of the HD wallet of users' deposit addresses (CHAIN_MNEMONIC wins). */
  chainMnemonic: string;
  /** 0x-prefixed private key of the treasury (CHAIN_TREASURY_PRIVATE_KEY wins). */
  chainTreasuryKey: `0x${string}`;
  /** 64 hex characters: the key of the KYC photos at rest (KYC_ENCRYPTION_KEY wins). */
  kycEncryptionKey: string;
}

/**
 * Reads DATA_DIR/secrets.json, creating it (mode 600) with fresh random values when missing, and
 * adding any value a newer version needs. A value given in config always wins. Values already in
 * the file are never replaced: the deposit addresses of existing users depend on the mnemonic.
 */
export function loadDevSecrets(dataDir: string): DevSecrets {
  const file = path.join(dataDir, 'secrets.json');
  fs.mkdirSync(dataDir, { recursive: true });
  const existing: Partial<DevSecrets> = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  const secrets: DevSecrets = {
    jwtSecret: existing.jwtSecret ?? crypto.randomBytes(48).toString('base64url'),
    chainMnemonic: existing.chainMnemonic ?? generateMnemonic(english),
    chainTreasuryKey: existing.chainTreasuryKey ?? generatePrivateKey(),
    kycEncryptionKey: existing.kycEncryptionKey ?? crypto.randomBytes(32).toString('hex'),
  };
  if (JSON.stringify(existing) !== JSON.stringify(secrets)) {
    const temp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, JSON.stringify(secrets, null, 2), { mode: 0o600 });
    fs.renameSync(temp, file);
  }
  return secrets;
}
