import { and, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ProviderCallbackParams, ProviderSignInResult } from '@app/shared/schemas/provider-sign-in';
import type { Locale } from '@app/shared/constants';
import { isUniqueViolation, type Db, type Tx } from '../../db/client';
import { oidcStates, userIdentities, users, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { issueAuthRecord } from '../user/service';
import type { ProviderClient, ProviderIdentity, SignInChecks } from './oidc-client';

/** A sign-in has this long from the redirect to the provider until the page claims it. */
export const SIGN_IN_TTL_MS = 10 * 60 * 1000;

/**
 * Every refusal answers the same PROVIDER_SIGN_IN_FAILED; the reason is only for our log (the
 * callback redirects and never sends this error's body).
 */
const refuse = (reason: string) => new AppError('PROVIDER_SIGN_IN_FAILED', { details: { reason } });

export const refusalReason = (error: unknown): string | undefined =>
  error instanceof AppError ? (error.extra.details?.reason as string | undefined) : undefined;

/** What a new account starts with: the names Apple sends once (a prefill, nothing more) and the browser's language. */
interface ProviderProfile {
  firstName?: string;
  lastName?: string;
  locale?: Locale;
}

const isActive = (user: Pick<UserRow, 'blockedAt' | 'deletedAt'>) => !user.blockedAt && !user.deletedAt;

/**
 * Starts an attempt: new state, nonce and PKCE verifier, stored until the callback (expired
 * attempts are cleared on the way), and the provider's authorization URL to send the browser to.
 */
export async function startSignIn(
  db: Db,
  client: ProviderClient,
  returnTo: string | null,
): Promise<{ url: URL; state: string }> {
  const checks = client.newChecks();
  // Discovery first: when the provider is unreachable nothing is stored.
  const url = await client.authorizationUrl(checks);
  const now = new Date();
  await db.delete(oidcStates).where(lt(oidcStates.expiresAt, now));
  await db.insert(oidcStates).values({ ...checks, returnTo, expiresAt: new Date(now.getTime() + SIGN_IN_TTL_MS) });
  return { url, state: checks.state };
}

/**
 * The provider's answer: the attempt must be pending, the code must exchange for an ID token that
 * passes every check, and then the user is found, linked or created. Returns the state that the
 * sign-in page claims.
 */
export async function finishSignIn(
  db: Db,
  client: ProviderClient,
  input: { provider: string; params: ProviderCallbackParams; locale: Locale },
): Promise<string> {
  const { user, ...response } = input.params;
  const checks = await pendingSignIn(db, response.state);
  const identity = await client.verifyCallback(withoutEmpty(response), checks);
  const profile = { ...appleProfile(user), locale: input.locale };
  await completeSignIn(db, { provider: input.provider, state: checks.state, identity, profile });
  return checks.state;
}

const withoutEmpty = (params: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1])));

const appleUserSchema = z.object({
  name: z
    .object({
      firstName: z.string().trim().min(1).max(100).optional(),
      lastName: z.string().trim().min(1).max(100).optional(),
    })
    .optional(),
});

/** Apple's `user` form field (JSON, sent once); anything unreadable is simply ignored. */
function appleProfile(raw: string | undefined): Pick<ProviderProfile, 'firstName' | 'lastName'> {
  if (!raw) return {};
  try {
    const parsed = appleUserSchema.safeParse(JSON.parse(raw));
    return parsed.success ? { firstName: parsed.data.name?.firstName, lastName: parsed.data.name?.lastName } : {};
  } catch {
    return {};
  }
}

/** The stored checks of an attempt that has not reached the callback yet and has not expired. */
async function pendingSignIn(db: Db, state: string | undefined): Promise<SignInChecks> {
  if (!state) throw refuse('no state in the callback');
  const [row] = await db
    .select({ state: oidcStates.state, nonce: oidcStates.nonce, codeVerifier: oidcStates.codeVerifier })
    .from(oidcStates)
    .where(
      and(
        eq(oidcStates.state, state),
        isNull(oidcStates.userId),
        isNull(oidcStates.claimedAt),
        gt(oidcStates.expiresAt, new Date()),
      ),
    )
    .limit(1);
  if (!row) throw refuse('unknown, expired or already used state');
  return row;
}

/**
 * Finds or creates the user of a verified identity and records it on the attempt, in one
 * transaction. Linking to an existing account by e-mail needs the provider to vouch for that
 * e-mail. Two callbacks for the same person racing each other: the loser hits a unique index
 * and retries, finding the winner's rows.
 */
async function completeSignIn(
  db: Db,
  input: { provider: string; state: string; identity: ProviderIdentity; profile?: ProviderProfile },
): Promise<{ userId: number; isNewUser: boolean }> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(async (tx) => {
        const result = await resolveUser(tx, input.provider, input.identity, input.profile);
        const [marked] = await tx
          .update(oidcStates)
          .set({ userId: result.userId, isNewUser: result.isNewUser })
          .where(
            and(eq(oidcStates.state, input.state), isNull(oidcStates.userId), gt(oidcStates.expiresAt, new Date())),
          )
          .returning({ state: oidcStates.state });
        if (!marked) throw refuse('state completed by another callback');
        return result;
      });
    } catch (error) {
      if (attempt < 3 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

async function resolveUser(
  tx: Tx,
  provider: string,
  identity: ProviderIdentity,
  profile: ProviderProfile = {},
): Promise<{ userId: number; isNewUser: boolean }> {
  const [linked] = await tx
    .select({ identityId: userIdentities.id, user: users })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, identity.subject)))
    .limit(1);
  if (linked) {
    if (!isActive(linked.user)) throw refuse('user is blocked or deleted');
    // People can change the address they share with the provider; the account's own e-mail stays.
    if (identity.email)
      await tx.update(userIdentities).set({ email: identity.email }).where(eq(userIdentities.id, linked.identityId));
    return { userId: linked.user.id, isNewUser: false };
  }

  if (!identity.email) throw refuse('the provider sent no e-mail for a new identity');
  const [existing] = await tx
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${identity.email.toLowerCase()}`)
    .limit(1);

  if (existing) {
    if (!identity.emailVerified) throw refuse('e-mail belongs to an account and the provider did not verify it');
    if (!isActive(existing)) throw refuse('user is blocked or deleted');
    if (!existing.emailVerifiedAt) {
      // Whoever registered this address never proved owning it, while the provider just did: a
      // password set by someone else must not keep working on the owner's account.
      await tx.update(users).set({ emailVerifiedAt: new Date(), passwordHash: null }).where(eq(users.id, existing.id));
    }
    await tx
      .insert(userIdentities)
      .values({ userId: existing.id, provider, subject: identity.subject, email: identity.email });
    return { userId: existing.id, isNewUser: false };
  }

  const [created] = await tx
    .insert(users)
    .values({
      email: identity.email.toLowerCase(),
      emailVerifiedAt: identity.emailVerified ? new Date() : null,
      firstName: profile.firstName ?? null,
      lastName: profile.lastName ?? null,
      ...(profile.locale && { locale: profile.locale }),
    })
    .returning({ id: users.id });
  await tx
    .insert(userIdentities)
    .values({ userId: created!.id, provider, subject: identity.subject, email: identity.email });
  return { userId: created!.id, isNewUser: true };
}

/**
 * Hands out the finished sign-in exactly once, and only to the browser that started it (the
 * state cookie), so nobody can slip their own account into someone else's browser.
 */
export async function claimSignIn(
  db: Db,
  signIn: (userId: number) => Promise<string>,
  input: { state: string; browserState: string | undefined },
  /** Runs before the auth record is made, so a role it grants is in the answer (ADMIN_EMAILS). */
  onSignIn?: (userId: number) => Promise<unknown>,
): Promise<ProviderSignInResult> {
  if (input.browserState !== input.state) throw new AppError('PROVIDER_SIGN_IN_FAILED');
  const [claimed] = await db
    .update(oidcStates)
    .set({ claimedAt: new Date() })
    .where(
      and(
        eq(oidcStates.state, input.state),
        isNotNull(oidcStates.userId),
        isNull(oidcStates.claimedAt),
        gt(oidcStates.expiresAt, new Date()),
      ),
    )
    .returning({ userId: oidcStates.userId, isNewUser: oidcStates.isNewUser, returnTo: oidcStates.returnTo });
  if (!claimed?.userId) throw new AppError('PROVIDER_SIGN_IN_FAILED');

  const [user] = await db
    .select({ blockedAt: users.blockedAt, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, claimed.userId))
    .limit(1);
  if (!user || !isActive(user)) throw new AppError('PROVIDER_SIGN_IN_FAILED');

  await onSignIn?.(claimed.userId);
  const record = await issueAuthRecord(db, signIn(claimed.userId), claimed.userId);
  return { ...record, isNewUser: claimed.isNewUser ?? false, returnTo: claimed.returnTo };
}
