import type { Wallet } from '@app/shared/schemas/crypto';
import type { TestApp } from '../app';
import { insertUser, TEST_PASSWORD_PARAMS } from '../app';
import type { TestChain } from '../chain';
import { hashPassword } from '../../src/lib/password';

/** Every kit user's password, and the step-up a withdrawal of theirs sends with it. */
export const KIT_PASSWORD = 'Kit-pass1';
export const KIT_STEP_UP = { password: KIT_PASSWORD };
let kitPasswordHash: Promise<string> | undefined;

/**
 * The wallet tests' hands on the API and the chain: a signed-in user, a call under /api/crypto,
 * the wallet, and the workers run until the chain has nothing more to tell.
 */
export function walletKit(get: () => { t: TestApp; chain: TestChain }) {
  async function userWithToken(role: 'user' | 'admin' = 'user') {
    const { t } = get();
    kitPasswordHash ??= hashPassword(KIT_PASSWORD, TEST_PASSWORD_PARAMS);
    const user = await insertUser(t.database, {
      role,
      domain: `u${Math.random().toString(36).slice(2, 10)}`,
      passwordHash: await kitPasswordHash,
    });
    return { id: user.id, headers: { authorization: `Bearer ${await t.app.tokens.sign(user.id)}` } };
  }

  async function call<T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: unknown,
  ) {
    const res = await get().t.app.inject({
      method,
      url: `/api/crypto${url}`,
      headers,
      ...(payload !== undefined && { payload: payload as object }),
    });
    return { status: res.statusCode, body: res.json() as T };
  }

  const wallet = async (headers: Record<string, string>) => (await call<Wallet>('GET', '/wallet', headers)).body;

  /** Runs the workers pass after pass, mining a block before each so receipts and confirmations arrive. */
  async function settle(passes = 8) {
    const { t, chain } = get();
    for (let i = 0; i < passes; i++) {
      await chain.mine(1);
      await t.services.cryptoWorkers!.runOnce();
    }
  }

  return { userWithToken, call, wallet, settle };
}
