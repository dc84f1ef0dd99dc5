import { and, eq } from 'drizzle-orm';
import { EMAIL_CODE_TTL_MINUTES, type Locale } from '@app/shared/constants';
import type { StepUpProof } from '@app/shared/schemas/security';
import { isPrivateRelay, type Me } from '@app/shared/schemas/user';
import { isUniqueViolation, type Db } from '../../db/client';
import { emailCodes, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashPassword, type PasswordParams } from '../../lib/password';
import type { Mailer } from '../mail/mailer';
import type { SessionService } from '../sessions/session-service';
import { issueCode, type CodeHasher } from '../user/email-codes';
import { getMe } from '../user/service';
import type { StepUp } from './step-up';

/**
 * Changing the password or the e-mail hands the account to whoever does it, so both ask for a
 * step-up, and the old address hears about it.
 */
export function createAccountChanges(deps: {
  db: Db;
  stepUp: StepUp;
  mailer: Mailer;
  hashCode: CodeHasher;
  password: PasswordParams;
  sessions: Pick<SessionService, 'endAllIn' | 'afterEnd'>;
}) {
  const { db } = deps;

  async function userRow(userId: number) {
    const [row] = await db.select().from(users).where(eq(users.id, userId));
    if (!row) throw new AppError('TOKEN_INVALID');
    return row;
  }

  return {
    /** Every other session ends with the change: whoever knew the old password is signed out there. */
    async changePassword(
      session: { userId: number; sessionId: string },
      password: string,
      proof: StepUpProof | undefined,
    ): Promise<void> {
      const { userId } = session;
      await deps.stepUp.verify(userId, proof);
      const row = await userRow(userId);
      const passwordHash = await hashPassword(password, deps.password);
      const ended = await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
        return deps.sessions.endAllIn(tx, userId, { except: session.sessionId, reason: 'password_change' });
      });
      await deps.sessions.afterEnd(ended, 'password_change');
      await deps.mailer.send({
        to: row.email,
        locale: row.locale as Locale,
        template: { name: 'password_changed', values: {} },
      });
    },

    /** The new address starts unconfirmed and gets a confirmation code at once. */
    async changeEmail(userId: number, email: string, proof: StepUpProof | undefined): Promise<Me> {
      await deps.stepUp.verify(userId, proof);
      const before = await userRow(userId);
      if (before.email.toLowerCase() === email.toLowerCase()) return getMe(db, userId);
      try {
        await db.update(users).set({ email, emailVerifiedAt: null }).where(eq(users.id, userId));
      } catch (error) {
        if (isUniqueViolation(error, 'users_email_unique')) throw new AppError('EMAIL_TAKEN');
        throw error;
      }
      const locale = before.locale as Locale;
      await deps.mailer.send({
        to: before.email,
        locale,
        template: { name: 'email_changed', values: { newEmail: email } },
      });
      // Codes mailed to the old address must not confirm the new one.
      await db.delete(emailCodes).where(and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, 'verify_email')));
      if (!isPrivateRelay(email)) {
        const issued = await issueCode(db, deps.hashCode, userId, 'verify_email');
        await deps.mailer.send({
          to: email,
          locale,
          template: { name: 'verify_email', values: { code: issued.code, minutes: EMAIL_CODE_TTL_MINUTES } },
        });
      }
      return getMe(db, userId);
    },
  };
}
export type AccountChanges = ReturnType<typeof createAccountChanges>;
