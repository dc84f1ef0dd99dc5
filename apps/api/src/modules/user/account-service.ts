import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Locale } from '@app/shared/constants';
import { EMAIL_CODE_TTL_MINUTES } from '@app/shared/constants';
import type {
  CodeSent,
  feedbackRequestSchema,
  loginRequestSchema,
  PublicProfile,
  recoveryCheckCodeRequestSchema,
  profileFieldsSchema,
  registerRequestSchema,
} from '@app/shared/schemas/auth';
import {
  avatarUrl,
  isPrivateRelay,
  isProfileComplete,
  type AuthRecordResponse,
  type Me,
} from '@app/shared/schemas/user';
import { ageOn } from '@app/shared/validation/rules';
import { isUniqueViolation, type Db } from '../../db/client';
import { feedback, kycApplications, users, type UserRow } from '../../db/schema';
import type { AccountLimits } from '../../lib/account-limits';
import { AppError } from '../../lib/app-error';
import { seesEverythingOf, type Viewer } from '../../lib/viewer';
import type { TokenClaims } from '../../lib/jwt';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword, type PasswordParams } from '../../lib/password';
import type { Mailer } from '../mail/mailer';
import { consumeCode, issueCode, requesterOf, type CodeHasher } from './email-codes';
import { getMe, issueAuthRecord, toMe } from './service';
import { publish } from '../../events/event-bus';
import type { SessionService } from '../sessions/session-service';
import type { SignInClient } from '../sessions/sign-in-client';

const profileOf = (row: UserRow) => toMe(row).profile;

type RegisterInput = z.output<ReturnType<typeof registerRequestSchema>>;
type ProfileInput = z.output<ReturnType<typeof profileFieldsSchema>>;
type LoginInput = z.output<typeof loginRequestSchema>;
type RecoveryCheckInput = z.output<typeof recoveryCheckCodeRequestSchema>;
type FeedbackInput = z.output<typeof feedbackRequestSchema>;

export interface AccountDeps {
  db: Db;
  sessions: SessionService;
  mailer: Mailer;
  hashCode: CodeHasher;
  limits: AccountLimits;
  /** Argon2id's cost for new hashes; a stored hash made otherwise is rewritten at the next successful login. */
  password: PasswordParams;
  supportEmail: string;
  /** Runs once a password sign-in is accepted, before the answer is made (ADMIN_EMAILS promotion). */
  onPasswordSignIn?: (userId: number) => Promise<unknown>;
}

const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase());
const activeUser = (row: UserRow | undefined) => row && !row.deletedAt;

function profileColumns(input: ProfileInput) {
  return {
    ...(input.firstName !== undefined && { firstName: input.firstName }),
    ...(input.lastName !== undefined && { lastName: input.lastName }),
    ...(input.surName !== undefined && { surName: input.surName || null }),
    ...(input.domain !== undefined && { domain: input.domain }),
    ...(input.gender !== undefined && { gender: input.gender }),
    ...(input.birthday !== undefined && { birthday: new Date(input.birthday) }),
    ...(input.phone !== undefined && { phone: input.phone }),
    ...(input.country !== undefined && { country: input.country }),
    ...(input.locale !== undefined && { locale: input.locale }),
  };
}

/** A unique index refusing the insert or update, told apart by its name. */
function takenError(error: unknown): AppError | null {
  if (isUniqueViolation(error, 'users_email_unique')) return new AppError('EMAIL_TAKEN');
  if (isUniqueViolation(error, 'users_domain_unique')) return new AppError('DOMAIN_TAKEN');
  return null;
}

export function createAccountService(deps: AccountDeps) {
  const { db } = deps;

  async function findReferrer(referrerId: number | undefined, beforeUserId?: number) {
    if (referrerId === undefined) return undefined;
    const [referrer] = await db
      .select({ id: users.id, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, referrerId));
    // A referrer must exist and have joined earlier, which also rules out cycles in the tree.
    if (!referrer || referrer.deletedAt || (beforeUserId !== undefined && referrer.id >= beforeUserId)) {
      throw new AppError('INVALID_PROMOCODE');
    }
    return referrer.id;
  }

  async function sendCode(
    user: Pick<UserRow, 'id' | 'email' | 'locale'>,
    purpose: 'verify_email' | 'recovery',
    address?: string,
  ): Promise<CodeSent> {
    if (isPrivateRelay(user.email)) throw new AppError('PRIVATE_RELAY_EMAIL');
    await deps.limits.consume('codeSend', `${purpose}:${user.id}`);
    const requester = address === undefined ? undefined : requesterOf(deps.hashCode, purpose, user.id, address);
    const { code, ...sent } = await issueCode(db, deps.hashCode, user.id, purpose, undefined, requester);
    await deps.mailer.send({
      to: user.email,
      locale: user.locale as Locale,
      template: { name: purpose, values: { code, minutes: EMAIL_CODE_TTL_MINUTES } },
    });
    return sent;
  }

  /**
   * After a right password: a hash of an older scheme (scrypt) or of other Argon2id parameters is
   * rewritten with the configured ones. Only if it is still the hash just checked, so a password
   * changed meanwhile is never overwritten with the old one.
   */
  async function rehashIfOld(row: UserRow, password: string): Promise<void> {
    const old = row.passwordHash;
    if (!old || !needsRehash(old, deps.password)) return;
    const passwordHash = await hashPassword(password, deps.password);
    await db
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, row.id), eq(users.passwordHash, old)));
  }

  return {
    /**
     * Creates the account and answers the auth record. The confirmation code goes out at once
     * (not to private relay addresses, which mail cannot reach).
     */
    async register(
      input: RegisterInput,
      locale: Locale,
      partner: { linkId: number; uid: string | null; visitor?: string; addressHash?: string } | null = null,
      client?: SignInClient,
    ): Promise<AuthRecordResponse> {
      await deps.limits.consume('register', input.email);
      const referrerId = await findReferrer(input.promocode);
      const passwordHash = await hashPassword(input.password, deps.password);
      let row: UserRow;
      try {
        row = await db.transaction(async (tx) => {
          const [inserted] = (await tx
            .insert(users)
            .values({
              email: input.email,
              passwordHash,
              referrerId,
              locale,
              cpaLinkId: partner?.linkId,
              cpaUid: partner?.uid,
              ...profileColumns(input),
            })
            .returning()) as [UserRow];
          await publish(tx, 'user.registered', {
            userId: inserted.id,
            referrerId: referrerId ?? null,
            partnerLinkId: partner?.linkId ?? null,
            visitor: partner?.visitor ?? null,
            addressHash: partner?.addressHash ?? null,
          });
          if (isProfileComplete(profileOf(inserted))) await publish(tx, 'profile.completed', { userId: inserted.id });
          return inserted;
        });
      } catch (error) {
        throw takenError(error) ?? error;
      }
      if (!isPrivateRelay(row.email)) await sendCode(row, 'verify_email').catch(() => undefined);
      return issueAuthRecord(db, deps.sessions.sign(row.id, client), row.id);
    },

    /**
     * The same answer for an unknown e-mail and a wrong password: login reveals no accounts. Wrong
     * passwords make this client (and, spread over many, the e-mail) wait, never lock the owner out.
     */
    async login(input: LoginInput, client: SignInClient | undefined, address: string): Promise<AuthRecordResponse> {
      await deps.limits.login.check(input.email, address);
      const [row] = await db.select().from(users).where(byEmail(input.email)).limit(1);
      const ok =
        activeUser(row) && row!.passwordHash
          ? await verifyPassword(input.password, row!.passwordHash)
          : await verifyAgainstDummy(input.password, deps.password);
      if (!ok) {
        await deps.limits.login.failed(input.email, address);
        throw new AppError('UNAUTHORIZED');
      }
      if (row!.blockedAt) throw new AppError('FORBIDDEN');
      await rehashIfOld(row!, input.password);
      await deps.limits.login.succeeded(input.email, address);
      await deps.onPasswordSignIn?.(row!.id);
      return issueAuthRecord(db, deps.sessions.sign(row!.id, client), row!.id);
    },

    /** Answers a token of the same session: a profile update is no new sign-in. */
    async updateProfile(session: TokenClaims, input: ProfileInput): Promise<AuthRecordResponse> {
      const { userId } = session;
      const values = profileColumns(input);
      if (Object.keys(values).length) {
        try {
          await db.transaction(async (tx) => {
            const [before] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
            const [after] = await tx.update(users).set(values).where(eq(users.id, userId)).returning();
            // Published once, when the profile becomes complete.
            if (before && after && !isProfileComplete(profileOf(before)) && isProfileComplete(profileOf(after))) {
              await publish(tx, 'profile.completed', { userId });
            }
          });
        } catch (error) {
          throw takenError(error) ?? error;
        }
      }
      return issueAuthRecord(db, deps.sessions.reissue(session), userId);
    },

    /** Others than the person and staff see only what the map card shows (null for the rest). */
    async publicProfile(id: number, viewer: Viewer): Promise<PublicProfile> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, id), isNull(users.deletedAt), isNull(users.blockedAt)));
      if (!row) throw new AppError('NOT_FOUND');
      const everything = seesEverythingOf(viewer, id);
      const [approved] = await db
        .select({ id: kycApplications.id })
        .from(kycApplications)
        .where(and(eq(kycApplications.userId, id), eq(kycApplications.status, 'approved')))
        .limit(1);
      return {
        id: row.id,
        domain: row.domain,
        firstName: row.firstName,
        lastName: everything ? row.lastName : null,
        gender: everything ? row.gender : null,
        age: row.birthday ? ageOn(row.birthday, new Date()) : null,
        avatar: row.avatarMediaId ? avatarUrl(row.avatarMediaId) : null,
        verified: approved !== undefined,
        emailVerified: everything ? row.emailVerifiedAt !== null : null,
        createdAt: everything ? row.createdAt.toISOString() : null,
      };
    },

    /** Free, or already the asking user's own nickname. */
    async domainAvailable(domain: string, askingUserId?: number): Promise<boolean> {
      const [taken] = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(sql`lower(${users.domain})`, domain.toLowerCase()),
            askingUserId ? ne(users.id, askingUserId) : undefined,
          ),
        )
        .limit(1);
      return !taken;
    },

    async sendVerifyCode(userId: number): Promise<CodeSent> {
      const [row] = await db.select().from(users).where(eq(users.id, userId));
      if (row!.emailVerifiedAt) throw new AppError('EMAIL_ALREADY_VERIFIED');
      return sendCode(row!, 'verify_email');
    },

    async checkVerifyCode(userId: number, code: string): Promise<Me> {
      await deps.limits.consume('codeCheck', `verify:${userId}`);
      await consumeCode(db, deps.hashCode, userId, 'verify_email', code, async (tx) => {
        await tx.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId));
      });
      return getMe(db, userId);
    },

    /** SPEC.md section 8: an unknown e-mail here answers USER_NOT_FOUND. The code is bound to `address`. */
    async sendRecoveryCode(email: string, address: string): Promise<CodeSent> {
      const [row] = await db.select().from(users).where(byEmail(email)).limit(1);
      if (!activeUser(row) || row!.blockedAt) throw new AppError('USER_NOT_FOUND');
      return sendCode(row!, 'recovery', address);
    },

    /**
     * A right code sets the new password and proves the mailbox, so the e-mail counts as confirmed.
     * Every session ends with it: whoever knew the old password is signed out everywhere. Only
     * guesses from the address that asked for the code count on it; others share a small hourly
     * allowance of their own, so a stranger can neither kill the owner's code nor guess it.
     */
    async resetPassword(input: RecoveryCheckInput, address: string): Promise<void> {
      const [row] = await db.select().from(users).where(byEmail(input.email)).limit(1);
      if (!activeUser(row) || row!.blockedAt) throw new AppError('USER_NOT_FOUND');
      await deps.limits.consume('codeCheck', `recovery:${row!.id}:${address}`);
      const guesser = {
        requester: requesterOf(deps.hashCode, 'recovery', row!.id, address),
        foreignGuess: () => deps.limits.consume('codeForeign', `recovery:${row!.id}`),
      };
      const passwordHash = await hashPassword(input.password, deps.password);
      let ended: string[] = [];
      await consumeCode(
        db,
        deps.hashCode,
        row!.id,
        'recovery',
        input.code,
        async (tx) => {
          await tx
            .update(users)
            .set({ passwordHash, emailVerifiedAt: row!.emailVerifiedAt ?? new Date() })
            .where(eq(users.id, row!.id));
          ended = await deps.sessions.endAllIn(tx, row!.id, { reason: 'password_reset' });
        },
        undefined,
        guesser,
      );
      await deps.sessions.afterEnd(ended, 'password_reset');
    },

    async saveFeedback(input: FeedbackInput, locale: Locale, userId: number | null): Promise<void> {
      await db.insert(feedback).values({ ...input, locale, userId });
      await deps.mailer.send({
        to: deps.supportEmail,
        locale,
        replyTo: input.email,
        template: { name: 'feedback', values: { ...input, userId } },
      });
    },

    /** POST /referral/save/{code}: once per account, to someone who joined earlier. */
    async saveReferrer(userId: number, referrerId: number): Promise<void> {
      if (referrerId === userId) throw new AppError('INVALID_PROMOCODE');
      await findReferrer(referrerId, userId);
      const updated = await db
        .update(users)
        .set({ referrerId })
        .where(and(eq(users.id, userId), isNull(users.referrerId)))
        .returning({ id: users.id });
      if (!updated.length) throw new AppError('REFERRAL_ALREADY_SET');
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
