import type { FastifyRequest } from 'fastify';
import { HEADERS } from '@app/shared/constants';
import type { DeviceSightings } from '../protection/device-sightings';

/** Every meet-and-play request counts as a device sighting (device protection), and so does a mint. */
const isMeetAndPlay = (url: string | undefined) =>
  !!url && (url.startsWith('/api/meet/') || url === '/api/crypto/nft/mint');

/** preHandler (after authenticate): the device sighting happens before the route decides. */
export const sightDevice = (devices: DeviceSightings) => async (request: FastifyRequest) =>
  devices.record(request.auth!.id, request.headers[HEADERS.fingerprint]);

/**
 * onResponse hook of the whole app: routes of other meet-and-play modules are sighted after they
 * answer; the meeting and mint routes sight before they decide (a restriction must apply to the
 * request that causes it).
 */
export const sightAfterResponse = (devices: DeviceSightings) => async (request: FastifyRequest) => {
  if (!request.auth || !isMeetAndPlay(request.routeOptions.url)) return;
  await devices.record(request.auth.id, request.headers[HEADERS.fingerprint]).catch((error: unknown) => {
    request.log.error({ err: error }, 'device sighting failed');
  });
};
