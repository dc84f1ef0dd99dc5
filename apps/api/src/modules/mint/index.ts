import type { FastifyBaseLogger } from 'fastify';
import type { ServerToClientEvents } from '@app/shared/socket-events';
import type { Config } from '../../config';
import type { Clock } from '../../lib/clock';
import type { CryptoContext } from '../crypto/context';
import type { MeetingService } from '../meet/meetings/service';
import { createMintRandom } from './mint-random';
import { settlePendingMints, type MintDeps } from './mint-service';
import { mintRoutes } from './routes';

/**
 * Minting: a pair that met rolls the published chance and a success mints a child token on chain.
 * It sits above meet (the meeting, the requirements) and crypto (the chain, the market), and
 * neither of them knows it. Built once, so the seeded generator keeps its place across requests.
 */
export function createMintModule(deps: {
  ctx: CryptoContext;
  clock: Clock;
  meetings: MeetingService;
  config: Pick<Config, 'MINT_CHANCE_SILVER' | 'MINT_CHANCE_GOLD' | 'MINT_CHANCE_PLATINUM' | 'MINT_RANDOM_SEED'>;
  toUser: <E extends keyof ServerToClientEvents>(
    userId: number,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ) => void;
  log: FastifyBaseLogger;
}) {
  const { config } = deps;
  const mintDeps: MintDeps = {
    ctx: deps.ctx,
    clock: deps.clock,
    meetings: deps.meetings,
    chances: {
      SILVER: config.MINT_CHANCE_SILVER,
      GOLD: config.MINT_CHANCE_GOLD,
      PLATINUM: config.MINT_CHANCE_PLATINUM,
    },
    random: createMintRandom(config.MINT_RANDOM_SEED),
    emit: deps.toUser,
    log: deps.log,
  };
  return {
    /** Register under /api/crypto (SPEC.md's PATCH /crypto/nft/mint). */
    routes: mintRoutes,
    routeOptions: { deps: mintDeps, devices: deps.meetings.devices },
    /** The chain workers' pass over attempts whose request ended before their outcome. */
    settlePending: () => settlePendingMints(mintDeps),
  };
}
export type MintModule = ReturnType<typeof createMintModule>;
