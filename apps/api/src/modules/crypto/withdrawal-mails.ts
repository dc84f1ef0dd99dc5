import { and, eq, sql } from 'drizzle-orm';
import type { Locale } from '@app/shared/constants';
import type { EventBus } from '../../events/event-bus';
import { cryptoTransactions, users, withdrawAddresses } from '../../db/schema';
import type { Tx } from '../../db/client';
import type { Mailer } from '../mail/mailer';
import { fromWei } from './amounts';
import { addressConfirmToken } from './withdrawal-addresses';

/**
 * Every withdrawal is mailed to its owner twice: when it is requested (with the link that lets a
 * new address go before its wait) and when it is sent. A stolen session cannot move money quietly.
 */
export function mailWithdrawals(deps: { events: EventBus; mailer: Mailer; publicUrl: string; linkSecret: string }) {
  async function load(tx: Tx, userId: number, transactionId: number) {
    const [row] = await tx
      .select({ tx: cryptoTransactions, email: users.email, locale: users.locale })
      .from(cryptoTransactions)
      .innerJoin(users, eq(users.id, cryptoTransactions.userId))
      .where(and(eq(cryptoTransactions.id, transactionId), eq(cryptoTransactions.userId, userId)));
    return row;
  }

  deps.events.subscribe('withdrawal.requested', 'mail-withdrawal-requested', async (event, tx, afterCommit) => {
    const row = await load(tx, event.payload.userId, event.payload.transactionId);
    if (!row) return;
    const address = row.tx.counterparty ?? '';
    const [known] = await tx
      .select()
      .from(withdrawAddresses)
      .where(and(eq(withdrawAddresses.userId, row.tx.userId!), eq(withdrawAddresses.address, sql`lower(${address})`)));
    const heldUntil = row.tx.heldUntil?.toISOString() ?? null;
    const confirmUrl =
      heldUntil && known
        ? `${deps.publicUrl}/confirm-address?id=${known.id}&token=${addressConfirmToken(deps.linkSecret, known)}`
        : null;
    afterCommit(() =>
      deps.mailer.send({
        to: row.email,
        locale: row.locale as Locale,
        template: {
          name: 'withdrawal_requested',
          values: { amount: fromWei(row.tx.amount), address, heldUntil, confirmUrl },
        },
      }),
    );
  });

  deps.events.subscribe('withdrawal.sent', 'mail-withdrawal-sent', async (event, tx, afterCommit) => {
    const row = await load(tx, event.payload.userId, event.payload.transactionId);
    if (!row) return;
    afterCommit(() =>
      deps.mailer.send({
        to: row.email,
        locale: row.locale as Locale,
        template: {
          name: 'withdrawal_sent',
          values: { amount: fromWei(row.tx.amount), address: row.tx.counterparty ?? '', txHash: row.tx.txHash },
        },
      }),
    );
  });
}
