import os from 'node:os';
import path from 'node:path';

/** Ports and files shared by the Playwright config, the test server and the specs. */
export const E2E = {
  port: 4173,
  productionPort: 4174,
  /** The OpenID Connect provider (Sign in with Apple) of the development server. */
  oidcPort: 4180,
  get baseUrl() {
    return `http://127.0.0.1:${this.port}`;
  },
  get productionUrl() {
    return `http://127.0.0.1:${this.productionPort}`;
  },
  tokensFile: (port: number) => path.join(os.tmpdir(), `e2e-tokens-${port}.json`),
  /** Mail the test server's SMTP inbox received, one JSON line per message. */
  mailFile: (port: number) => path.join(os.tmpdir(), `e2e-mail-${port}.jsonl`),
};
