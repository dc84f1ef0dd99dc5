import { sql, type SQL } from 'drizzle-orm';
import { NFT_LEVELS, NFT_TYPE } from '@app/shared/constants';
import type { ReferralList, ReferralListQuery } from '@app/shared/schemas/referral';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { fromWei } from '../../lib/wei';
import { isAbove } from './closure';
import { rowsOf } from './rows';

/** `%`, `_` and `\` typed by the person match themselves. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The name a referral is listed under: their nickname, else their name, else their UID. */
export const usernameSql = sql`coalesce(nullif(u.domain, ''), nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), 'UID ' || u.id)`;

interface Row {
  id: number;
  username: string;
  business: boolean;
  depth: number;
  nfts: number[] | null;
  meetings: number;
  received: string;
  referrals: number;
  last_activity: Date | string;
  joined_at: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * GET /referral/list and /referral/list/{userId}: the caller's referrals (all levels unless a depth
 * is asked for), or the direct referrals of one person of the caller's tree. Pages by offset over
 * the closure's (ancestor, depth, descendant) index; the per-row figures are read for the page only.
 */
export async function listReferrals(
  db: Db,
  callerId: number,
  parentId: number | null,
  query: ReferralListQuery,
): Promise<ReferralList> {
  if (parentId !== null && parentId !== callerId && !(await isAbove(db, callerId, parentId)))
    throw new AppError('FORBIDDEN');

  const filters: SQL[] = [];
  if (parentId !== null && parentId !== callerId)
    filters.push(
      sql`exists (select 1 from referral_closure p where p.ancestor_id = ${parentId} and p.depth = 1 and p.descendant_id = c.descendant_id)`,
    );
  if (query.depth) filters.push(sql`c.depth = ${query.depth}`);
  if (query.role === 'business')
    filters.push(sql`exists (select 1 from companies co where co.owner_id = c.descendant_id)`);
  if (query.role === 'human')
    filters.push(sql`not exists (select 1 from companies co where co.owner_id = c.descendant_id)`);
  if (query.nft)
    filters.push(
      sql`exists (select 1 from nfts n where n.owner_id = c.descendant_id and n.status = 'OWNED' and n.type = ${NFT_TYPE[query.nft]})`,
    );
  if (query.search) {
    const like = likeText(query.search);
    // The full name covers the first and the last name alone.
    filters.push(sql`exists (select 1 from users s where s.id = c.descendant_id
      and (s.domain ilike ${like} or concat_ws(' ', s.first_name, s.last_name) ilike ${like}))`);
  }
  const where = sql.join([sql`c.ancestor_id = ${callerId}`, ...filters], sql` and `);

  // A search reads every referral's name once: the page and the count come from that one pass.
  const matched = await rowsOf<{ id: number; depth: number; total: number }>(
    db,
    sql`select c.descendant_id as id, c.depth, ${query.search ? sql`count(*) over ()::int` : sql`0`} as total
      from referral_closure c
      where ${where}
      order by c.depth, c.descendant_id desc
      offset ${query.offset} limit ${query.limit}`,
  );
  const total =
    query.search && matched.length
      ? matched[0]!.total
      : (
          await rowsOf<{ total: number }>(db, sql`select count(*)::int as total from referral_closure c where ${where}`)
        )[0]!.total;
  if (!matched.length) return { total, items: [] };
  const rows = await rowsOf<Row>(
    db,
    sql`
    with page as (
      select * from unnest(${`{${matched.map((m) => m.id).join(',')}}`}::int[], ${`{${matched.map((m) => m.depth).join(',')}}`}::int[]) as p(id, depth)
    )
    select u.id, ${usernameSql} as username, page.depth,
      exists (select 1 from companies co where co.owner_id = u.id) as business,
      (select array_agg(n.type order by n.type) from nfts n where n.owner_id = u.id and n.status = 'OWNED') as nfts,
      (select count(*)::int from meetings m
        where (m.user_low_id = u.id or m.user_high_id = u.id)
          and m.low_confirmed_at is not null and m.high_confirmed_at is not null) as meetings,
      (select coalesce(sum(r.amount), 0)::text from referral_rewards r
        where r.beneficiary_id = ${callerId} and r.referral_id = u.id and r.status in ('pending', 'available')) as received,
      (select count(*)::int from referral_closure d where d.ancestor_id = u.id and d.depth = 1) as referrals,
      greatest(u.created_at, (select max(se.last_seen_at) from sessions se where se.user_id = u.id)) as last_activity,
      u.created_at as joined_at
    from page join users u on u.id = page.id
    order by page.depth, u.id desc`,
  );
  return {
    total,
    items: rows.map((row) => ({
      id: row.id,
      username: row.username,
      role: row.business ? ('business' as const) : ('human' as const),
      depth: row.depth,
      nfts: (row.nfts ?? []).map((type) => NFT_LEVELS[type]!),
      meetings: row.meetings,
      received: fromWei(row.received),
      referrals: row.referrals,
      lastActivity: iso(row.last_activity),
      joinedAt: iso(row.joined_at),
    })),
  };
}
