import os from 'node:os';
import path from 'node:path';

/**
 * E2E_PORT moves the whole set, so a second run on the same machine (another person's, in the same
 * checkout) keeps its own servers, tokens and mail instead of failing on a taken port.
 */
const base = Number(process.env.E2E_PORT) || 4173;

/** Ports and files shared by the Playwright config, the test server and the specs. */
export const E2E = {
  port: base,
  productionPort: base + 1,
  /** The OpenID Connect provider (Sign in with Apple) of the development server. */
  oidcPort: base + 7,
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
