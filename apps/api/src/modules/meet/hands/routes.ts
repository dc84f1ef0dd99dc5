import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ghostRequestSchema,
  handCardSchema,
  handParamsSchema,
  handQuerySchema,
  myHandStateSchema,
  nearbyListSchema,
  nearbyQuerySchema,
  positionUpdateRequestSchema,
  positionUpdateResultSchema,
  raiseHandRequestSchema,
} from '@app/shared/schemas/meet';
import type { MeetHands } from './meet-hands';
import { getHandCard, getMyHand, listNearby, lowerHand, raiseHand, setGhost, updatePosition } from './service';

const bearer = [{ bearer: [] }];

/**
 * Raised hands and the nearby list (PRODUCT.md "Meetings and minting"). Routes only parse, call
 * one service function and answer; nothing here sends another user's exact position or distance.
 */
export const handRoutes: FastifyPluginAsyncZod<{ hands: MeetHands }> = async (app, { hands }) => {
  const tags = ['meet'];
  const userId = (request: { auth?: { id: number } }) => request.auth!.id;
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/hand',
    {
      schema: {
        tags,
        summary: 'The caller’s hand (null when lowered) and ghost switch',
        security: bearer,
        response: { 200: myHandStateSchema },
      },
    },
    async (request) => getMyHand(hands, userId(request)),
  );
  app.put(
    '/hand',
    {
      schema: {
        tags,
        summary: 'Raise (or change) the caller’s hand at their position; needs a complete profile and an adult',
        security: bearer,
        body: raiseHandRequestSchema,
        response: { 200: myHandStateSchema },
      },
    },
    async (request) => raiseHand(hands, userId(request), request.body),
  );
  app.delete(
    '/hand',
    {
      schema: {
        tags,
        summary: 'Lower the caller’s hand at once',
        security: bearer,
        response: { 200: myHandStateSchema },
      },
    },
    async (request) => lowerHand(hands, userId(request)),
  );
  app.put(
    '/ghost',
    {
      schema: {
        tags,
        summary: 'Ghost mode: hide the caller from every map and list, or show them again',
        security: bearer,
        body: ghostRequestSchema,
        response: { 200: myHandStateSchema },
      },
    },
    async (request) => setGhost(hands, userId(request), request.body),
  );
  app.post(
    '/position',
    {
      schema: {
        tags,
        summary: 'The caller moved; moves their hand if raised (moves faster than 300 m/s are ignored and flagged)',
        security: bearer,
        body: positionUpdateRequestSchema,
        response: { 200: positionUpdateResultSchema },
      },
    },
    async (request) => updatePosition(hands, userId(request), request.body),
  );
  app.get(
    '/nearby',
    {
      schema: {
        tags,
        summary: 'Raised hands near the viewer, nearest first: positions snapped per viewer, distances in steps',
        security: bearer,
        querystring: nearbyQuerySchema,
        response: { 200: nearbyListSchema },
      },
    },
    async (request) => listNearby(hands, userId(request), request.query),
  );
  app.get(
    '/hands/:userId',
    {
      schema: {
        tags,
        summary: 'One raised hand as the viewer at lat/lng sees it',
        security: bearer,
        params: handParamsSchema,
        querystring: handQuerySchema,
        response: { 200: handCardSchema },
      },
    },
    async (request) => getHandCard(hands, userId(request), request.params.userId, request.query),
  );
};
