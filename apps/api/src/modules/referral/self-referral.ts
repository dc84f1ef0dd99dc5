import { sql } from 'drizzle-orm';
import type { SelfReferralReason } from '@app/shared/schemas/referral';
import type { Db, Tx } from '../../db/client';
import { dhashDistanceSql, SAME_DOCUMENT_MAX_DISTANCE } from '../../lib/dhash-distance';
import { MISSING_FINGERPRINT } from '../../lib/visitor';
import { rowsOf } from './rows';

/**
 * An e-mail as one mailbox: lower case, the plus-tag dropped and dots of the local part removed
 * (john.doe+ref@x and johndoe@x reach the same person at the providers that ignore both).
 */
export function mailboxOf(email: string): string {
  const [local = '', domain = ''] = email.toLowerCase().split('@');
  return `${local.split('+')[0]!.replaceAll('.', '')}@${domain}`;
}

/**
 * The first sign that two accounts are one person (PRODUCT.md "Referrals"), or null. The shared
 * "missing" device (lib/visitor.ts) is left out: it groups every client without a fingerprint, which
 * tells nothing about two particular accounts, as the partner programme's own-device rule does.
 */
export async function selfReferralOf(
  tx: Tx | Db,
  beneficiaryId: number,
  referralId: number,
  registeredOn: string | null,
): Promise<SelfReferralReason | null> {
  const [emails] = await rowsOf<{ a: string | null; b: string | null }>(
    tx,
    sql`select (select email from users where id = ${beneficiaryId}) as a,
               (select email from users where id = ${referralId}) as b`,
  );
  if (emails?.a && emails.b && mailboxOf(emails.a) === mailboxOf(emails.b)) return 'email';

  const device = await rowsOf(
    tx,
    sql`
    select 1 from device_sightings mine
    join device_sightings theirs on theirs.fingerprint = mine.fingerprint
    where mine.user_id = ${beneficiaryId} and theirs.user_id = ${referralId}
      and mine.fingerprint <> ${MISSING_FINGERPRINT}
    limit 1`,
  );
  const registeredOnTheirs =
    registeredOn?.startsWith('fp:') &&
    (
      await rowsOf(
        tx,
        sql`select 1 from device_sightings
            where user_id = ${beneficiaryId} and fingerprint = ${registeredOn.slice(3)} limit 1`,
      )
    ).length > 0;
  if (device.length || registeredOnTheirs) return 'device';

  // One document in both people's KYC submissions: perceptual hashes a few bits apart, as the
  // moderators' duplicate check counts them (two photos of one card never hash exactly alike).
  const distance = dhashDistanceSql(sql`mine.document_hash`, sql`theirs.document_hash`);
  const document = await rowsOf(
    tx,
    sql`
    select 1 from kyc_attempts mine
    join kyc_applications mine_app on mine_app.id = mine.application_id
    join kyc_applications their_app on their_app.user_id = ${referralId}
    join kyc_attempts theirs on theirs.application_id = their_app.id and theirs.document_hash is not null
    where mine_app.user_id = ${beneficiaryId} and mine.document_hash is not null
      and ${distance} <= ${SAME_DOCUMENT_MAX_DISTANCE}
    limit 1`,
  );
  if (document.length) return 'kyc_document';

  // An outside address both sent deposits from or withdrew to.
  const wallet = await rowsOf(
    tx,
    sql`
    with addresses as (
      select user_id, lower(counterparty) as address from crypto_transactions
      where user_id in (${beneficiaryId}, ${referralId}) and type in ('INPUT', 'OUTPUT') and counterparty is not null
      union
      select user_id, lower(address) from withdraw_addresses where user_id in (${beneficiaryId}, ${referralId})
    )
    select 1 from addresses mine join addresses theirs on theirs.address = mine.address
    where mine.user_id = ${beneficiaryId} and theirs.user_id = ${referralId}
    limit 1`,
  );
  if (wallet.length) return 'wallet_address';
  return null;
}
