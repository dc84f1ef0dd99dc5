/**
 * The little of `oidc-provider` (a devDependency without its own types) that the test provider
 * uses. Not a full description of the library.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface OidcGrant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export interface OidcContext {
    oidc: {
      client?: { clientId: string };
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      result?: { consent?: { grantId?: string } };
      provider: Provider;
    };
  }

  export interface OidcAccount {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }

  export type ProviderConfiguration = Record<string, unknown> & {
    findAccount?: (ctx: OidcContext, id: string) => Promise<OidcAccount | undefined>;
    loadExistingGrant?: (ctx: OidcContext) => Promise<OidcGrant | undefined>;
  };

  export class Provider {
    constructor(issuer: string, configuration?: ProviderConfiguration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: string, listener: (...args: unknown[]) => void): this;
    Grant: {
      new (properties: { clientId: string; accountId: string }): OidcGrant;
      find(id: string): Promise<OidcGrant | undefined>;
    };
  }

  export default Provider;
}
