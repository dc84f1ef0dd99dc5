/** Every mail the product sends, by name, with the values its text needs (the template files render them). */
export type MailTemplate =
  | { name: 'verify_email'; values: { code: string; minutes: number } }
  | { name: 'recovery'; values: { code: string; minutes: number } }
  | { name: 'step_up'; values: { code: string; minutes: number } }
  | {
      name: 'withdrawal_requested';
      values: { amount: string; address: string; heldUntil: string | null; confirmUrl: string | null };
    }
  | { name: 'withdrawal_sent'; values: { amount: string; address: string; txHash: string | null } }
  | { name: 'password_changed'; values: Record<string, never> }
  | { name: 'email_changed'; values: { newEmail: string } }
  | { name: 'feedback'; values: { name: string; email: string; message: string; userId: number | null } }
  | { name: 'account_warned'; values: { reason: string; warning: string; url: string } }
  | {
      name: 'kyc_decided';
      values: { status: string; level: string | null; comment: string | null; revoked: boolean; url: string };
    };
