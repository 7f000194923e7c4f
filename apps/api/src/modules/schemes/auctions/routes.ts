/** The e-auction (decision 018): POST /schemes/{id}/plots/{plotId}/bids (a qualified bidder bids), GET
 * /schemes/{id}/lots (every lot as the caller sees it now) and GET /schemes/{id}/live (the same lots as Server-Sent
 * Events, then each change). Mounted at /api with full paths. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { liveLotSchema, placeBidRequestSchema, type LiveLot } from '@portal/contract';
import { runWithAuditContext } from '../../../db/audit-context';
import { currentUser, requirePermission } from '../../../plugins/auth';
import { closeEndedLots, type ResultSheetIssuer, type SettleOutcomes } from './close';
import { createAuctionRelay, createLiveHub } from './live';
import { applicationsByPlotOf, loadAuctionScheme, lotsOfScheme, placeBid } from './service';
import { clock } from '../../../core/clock';

const params = z.object({ id: z.uuid() });
const bidParams = z.object({ id: z.uuid(), plotId: z.uuid() });

/** A comment line keeps proxies and the browser from closing a quiet stream. */
export const HEARTBEAT_MS = 15_000;
/** How long a client waits before it reconnects (the stream's `retry:`). */
const RETRY_MS = 2000;

/** Whether a lot has ended while its scheme still waits for its result: the answer settles it first, so a reader does
 * not wait for the sweep. */
const endedUnsettled = (lots: readonly LiveLot[], now: number) =>
  lots.some((lot) => !lot.running && Date.parse(lot.ends_at) <= now);

/** The routes, given the schemes module's settling of outcomes (and its result sheet), for the lots a reader finds
 * ended. */
export const auctionRoutes =
  (settle: SettleOutcomes, issueResultSheet?: ResultSheetIssuer): FastifyPluginAsyncZod =>
  async (app) => {
    const hub = createLiveHub(
      app.db,
      createAuctionRelay(app.db, (message) => app.log.warn(message)),
      (error) => app.log.warn({ err: error }, 'The live auction view could not read a lot'),
    );
    const streams = new Set<() => void>();
    // Before the server waits for its connections to end: a live stream never ends on its own.
    app.addHook('preClose', async () => {
      for (const end of [...streams]) end();
    });
    app.addHook('onClose', async () => {
      await hub.close();
    });

    app.post(
      '/schemes/:id/plots/:plotId/bids',
      {
        preHandler: requirePermission('bid:auction:own'),
        schema: { params: bidParams, body: placeBidRequestSchema, response: { 201: liveLotSchema } },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await placeBid(app.db, currentUser(request), request.params.id, request.params.plotId, request.body)),
    );

    app.get(
      '/schemes/:id/lots',
      {
        preHandler: requirePermission('read:schemes', 'bid:auction:own'),
        schema: { params, response: { 200: z.array(liveLotSchema) } },
      },
      async (request) => {
        const user = currentUser(request);
        const scheme = await loadAuctionScheme(app.db, request.params.id);
        const lots = await lotsOfScheme(app.db, user, scheme.id);
        if (scheme.status !== 'closed' || !endedUnsettled(lots, clock.now().getTime())) return lots;
        // The portal settles the lot, not the reader: the audit trail records it as the sweep's would be.
        await runWithAuditContext(
          { requestId: request.id, clientAddress: null, actor: () => ({ actorId: null, role: 'system' }) },
          () => closeEndedLots(app.db, settle, { schemeId: scheme.id, issueResultSheet }),
        );
        return lotsOfScheme(app.db, user, scheme.id);
      },
    );

    app.get(
      '/schemes/:id/live',
      {
        preHandler: requirePermission('read:schemes', 'bid:auction:own'),
        schema: {
          params,
          description:
            'Server-Sent Events (text/event-stream): `event: lot` with a LiveLot for every lot at once, then one for each change; a comment every 15 seconds; `retry: 2000`. Reconnecting gives a fresh snapshot.',
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const scheme = await loadAuctionScheme(app.db, request.params.id);
        const applicationsByPlot = await applicationsByPlotOf(app.db, user, scheme.id);
        reply.hijack();
        const raw = reply.raw;
        raw.writeHead(200, {
          ...(reply.getHeaders() as Record<string, string>),
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          connection: 'keep-alive',
          // Proxies such as nginx must pass each event on at once.
          'x-accel-buffering': 'no',
        });
        raw.write(`retry: ${RETRY_MS}\n\n`);
        let ended = false;
        let stopWatching: (() => void) | undefined;
        const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), HEARTBEAT_MS);
        heartbeat.unref();
        const end = () => {
          if (ended) return;
          ended = true;
          clearInterval(heartbeat);
          stopWatching?.();
          streams.delete(end);
          raw.end();
        };
        streams.add(end);
        request.raw.on('close', end);
        raw.on('close', end);
        try {
          const stop = await hub.watch(scheme.id, {
            applicationsByPlot,
            send: (lot) => {
              if (!ended) raw.write(`event: lot\ndata: ${JSON.stringify(lot)}\n\n`);
            },
          });
          if (ended) stop();
          else stopWatching = stop;
        } catch (error) {
          request.log.warn({ err: error }, 'The live auction view could not start');
          end();
        }
      },
    );
  };
