import type { Config } from '../../config';
import { loadDevSecrets } from '../../lib/secrets';
import { parseKycKey } from './file-cipher';

/** KYC_ENCRYPTION_KEY when set (production requires it), else the development key in DATA_DIR/secrets.json. */
export function kycEncryptionKey(config: Pick<Config, 'KYC_ENCRYPTION_KEY' | 'DATA_DIR'>): Buffer {
  const configured = config.KYC_ENCRYPTION_KEY && parseKycKey(config.KYC_ENCRYPTION_KEY);
  return configured || Buffer.from(loadDevSecrets(config.DATA_DIR).kycEncryptionKey, 'hex');
}
