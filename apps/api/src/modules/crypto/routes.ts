import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  buyRequestSchema,
  cryptoInfoSchema,
  feeSchema,
  grantIconRequestSchema,
  listedNftSchema,
  marketSchema,
  purchaseListSchema,
  purchaseSchema,
  supplyRequestSchema,
  transactionListQuerySchema,
  transactionListSchema,
  transactionSchema,
  walletSchema,
  withdrawRequestSchema,
  amountSchema,
} from '@app/shared/schemas/crypto';
import { AppError } from '../../lib/app-error';
import { auditActor } from '../audit/record-audit';
import type { CryptoContext } from './context';
import { requireIdempotencyKey } from './idempotency';
import {
  addSupply,
  buy,
  cancelPurchase,
  getListedNft,
  getMarket,
  getPurchase,
  grantIcon,
  listPurchases,
} from './market-service';
import { faucet, getCryptoInfo, getFee, getTransaction, listTransactions } from './wallet-service';
import type { WalletReads } from './wallet-reads';
import { requestWithdrawal } from './withdraw-service';
import { confirmAddress } from './withdrawal-addresses';
import { withdrawAddressConfirmRequestSchema, withdrawAddressConfirmedSchema } from '@app/shared/schemas/security';

const bearer = [{ bearer: [] }];
const idParams = z.object({ id: z.coerce.number().int().positive() });

/** SPEC.md section 7 "Crypto". Routes only parse, call one service function and answer. */
export const cryptoRoutes: FastifyPluginAsyncZod<{
  ctx: CryptoContext;
  faucet: boolean;
  wallets: WalletReads;
}> = async (app, { ctx, faucet: withFaucet, wallets }) => {
  const tags = ['crypto'];
  const userId = (request: { auth?: { id: number } }) => request.auth!.id;

  app.get(
    '/',
    { schema: { tags, summary: 'Coins, prices and network', response: { 200: cryptoInfoSchema } } },
    async () => getCryptoInfo(ctx),
  );
  app.get(
    '/fee',
    { schema: { tags, summary: 'Current fee of a USDT transfer in BNB', response: { 200: feeSchema } } },
    async () => getFee(ctx),
  );

  app.get(
    '/wallet',
    {
      preHandler: app.authenticate,
      schema: { tags, summary: 'The caller’s wallet', security: bearer, response: { 200: walletSchema } },
    },
    async (request) => wallets.get(userId(request)),
  );
  app.get(
    '/wallet/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'A wallet by user id (own, or any for an admin)',
        security: bearer,
        params: idParams,
        response: { 200: walletSchema },
      },
    },
    async (request) => {
      if (request.params.id !== userId(request) && request.auth!.role !== 'admin') throw new AppError('FORBIDDEN');
      return wallets.get(request.params.id);
    },
  );
  app.post(
    '/wallet/withdraw/',
    {
      preHandler: app.authenticate,
      config: { rateLimit: app.rateLimits.sensitive },
      schema: {
        tags,
        summary:
          'Withdraw USDT to an outside address (Idempotency-Key header; stepUp: the password, a mailed code or the TOTP)',
        security: bearer,
        body: withdrawRequestSchema,
        response: { 200: transactionSchema },
      },
    },
    async (request) =>
      requestWithdrawal(ctx, userId(request), request.body, requireIdempotencyKey(request.headers['idempotency-key'])),
  );

  app.post(
    '/wallet/withdraw/confirm-address',
    {
      config: { rateLimit: app.rateLimits.auth },
      schema: {
        tags,
        summary: 'Confirm a new withdrawal address with the mailed link (its waiting withdrawals go out now)',
        body: withdrawAddressConfirmRequestSchema,
        response: { 200: withdrawAddressConfirmedSchema },
      },
    },
    async (request) => confirmAddress(ctx, request.body.id, request.body.token),
  );

  app.get(
    '/transaction',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'The caller’s transactions, newest first',
        security: bearer,
        querystring: transactionListQuerySchema,
        response: { 200: transactionListSchema },
      },
    },
    async (request) => listTransactions(ctx.db, userId(request), request.query),
  );
  app.get(
    '/transaction/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'One transaction',
        security: bearer,
        params: idParams,
        response: { 200: transactionSchema },
      },
    },
    async (request) => getTransaction(ctx.db, userId(request), request.params.id),
  );

  app.get(
    '/market',
    { schema: { tags, summary: 'Price, stock and queue per level', response: { 200: marketSchema } } },
    async (request) => getMarket(ctx, (await app.identify(request))?.id),
  );
  app.get(
    '/market/nft/:id',
    {
      schema: {
        tags,
        summary: 'One listed token (404 when sold)',
        params: idParams,
        response: { 200: listedNftSchema },
      },
    },
    async (request) => getListedNft(ctx, request.params.id),
  );

  app.post(
    '/nft/buy',
    {
      preHandler: app.authenticate,
      config: { rateLimit: app.rateLimits.sensitive },
      schema: {
        tags,
        summary: 'Buy a level now, or prepay and join its queue (Idempotency-Key header)',
        security: bearer,
        body: buyRequestSchema,
        response: { 200: purchaseSchema },
      },
    },
    async (request) =>
      buy(ctx, userId(request), request.body, requireIdempotencyKey(request.headers['idempotency-key'])),
  );
  app.get(
    '/nft/purchases',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'The caller’s recent purchases',
        security: bearer,
        response: { 200: purchaseListSchema },
      },
    },
    async (request) => listPurchases(ctx, userId(request)),
  );
  app.get(
    '/nft/purchase/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'One purchase with its chain steps',
        security: bearer,
        params: idParams,
        response: { 200: purchaseSchema },
      },
    },
    async (request) => getPurchase(ctx, userId(request), request.params.id),
  );
  app.delete(
    '/nft/purchase/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Cancel a queued purchase (refund)',
        security: bearer,
        params: idParams,
        response: { 200: purchaseSchema },
      },
    },
    async (request) => cancelPurchase(ctx, userId(request), request.params.id),
  );

  const admin = [app.authenticate, app.requireRole('admin')];
  // New tokens and ICON grants create value: a fresh staff second factor (decision 029).
  const adminMinting = [...admin, app.requireFreshSecondFactor];
  app.put(
    '/admin/supply',
    {
      preHandler: adminMinting,
      schema: {
        tags,
        summary: 'List new tokens of a level (admin)',
        security: bearer,
        body: supplyRequestSchema,
        response: { 200: z.object({ ids: z.array(z.number().int()) }) },
      },
    },
    async (request) => addSupply(ctx, request.body.level, request.body.count, auditActor(request)),
  );
  app.post(
    '/admin/icon',
    {
      preHandler: adminMinting,
      schema: {
        tags,
        summary: 'Grant an ICON token (admin)',
        security: bearer,
        body: grantIconRequestSchema,
        response: { 200: z.object({ id: z.number().int() }) },
      },
    },
    async (request) => grantIcon(ctx, request.body.userId, auditActor(request)),
  );

  if (!withFaucet) return;
  app.post(
    '/dev/faucet',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Test USDT and a little BNB on the development chain only',
        security: bearer,
        body: z.object({ amount: amountSchema.refine((v) => Number(v) > 0 && Number(v) <= 100_000) }),
        response: { 200: z.object({ usdtTxHash: z.string(), bnbTxHash: z.string() }) },
      },
    },
    async (request) => {
      try {
        return await faucet(ctx, userId(request), request.body.amount);
      } finally {
        // The BNB arrived on chain without a row of ours yet: every process reads the wallets again.
        await wallets.forget();
      }
    },
  );
};
