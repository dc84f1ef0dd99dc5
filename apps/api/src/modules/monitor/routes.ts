import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  monitorFiguresSchema,
  monitorSeriesQuerySchema,
  monitorSeriesSchema,
  type MonitorFigures,
} from '@app/shared/schemas/monitor';
import type { Db } from '../../db/client';
import { readSeries } from './series';

const bearer = [{ bearer: [] }];

/** Admins: the monitor's figures (the socket pushes the same) and its charts. */
export const monitorRoutes: FastifyPluginAsyncZod<{ db: Db; read: () => Promise<MonitorFigures> }> = async (
  app,
  { db, read },
) => {
  app.addHook('onRoute', app.staffOnly('admin'));

  app.get(
    '/figures',
    {
      schema: {
        tags: ['control'],
        summary: "Admins: the monitor's live figures now (the socket pushes them after 'monitor:watch')",
        security: bearer,
        response: { 200: monitorFiguresSchema },
      },
    },
    () => read(),
  );

  app.get(
    '/series',
    {
      schema: {
        tags: ['control'],
        summary:
          'Admins: registrations, sales by level, deposits, withdrawals, meetings and mints per day, week or month',
        security: bearer,
        querystring: monitorSeriesQuerySchema,
        response: { 200: monitorSeriesSchema },
      },
    },
    (request) => readSeries(db, request.query.period),
  );
};
