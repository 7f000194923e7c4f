/** The auction room's live lots: a snapshot from GET /schemes/{id}/lots, then every change from GET /schemes/{id}/live
 * (Server-Sent Events, `event: lot`, data a LiveLot). EventSource cannot send the bearer header, so the stream is read
 * with fetch and a ReadableStream reader. When the stream drops the room says so, waits a little, reads a fresh
 * snapshot (bids made meanwhile are in it) and listens again. The server's clock comes with every lot: the time left
 * is counted from it, never from the browser's clock alone. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { createParser } from 'eventsource-parser';
import { liveLotSchema, SCHEME_PATHS, type LiveLot } from '@portal/contract';
import { buildUrl } from '../../../../lib/api-client';
import { readToken } from '../../../../lib/session-storage';
import { fetchLots } from '../../../../api/schemes';

export interface ServerSentEvent {
  event: string;
  data: string;
}

/** Reads a stream's text chunk by chunk (eventsource-parser) and hands on each complete event; one without `event:`
 * is a `message`. Comment lines (`: ping`) and an unfinished tail wait for the next chunk or are skipped. */
export function serverSentEvents(onEvent: (event: ServerSentEvent) => void): (chunk: string) => void {
  const parser = createParser({
    onEvent: (message) => onEvent({ event: message.event ?? 'message', data: message.data }),
  });
  return (chunk) => parser.feed(chunk);
}

export type LiveStatus = 'connecting' | 'live' | 'reconnecting';

/** The delays before reconnecting after the first, second, ... drop in a row. */
const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10000];

/** A lot replaces the one held when it is not older: a later bid (higher sequence), or the same with a newer clock. */
function newer(held: LiveLot | undefined, next: LiveLot): boolean {
  if (!held) return true;
  if (next.sequence !== held.sequence) return next.sequence > held.sequence;
  return Date.parse(next.server_time) >= Date.parse(held.server_time);
}

export interface LiveLots {
  lots: LiveLot[];
  status: LiveStatus;
  /** The snapshot could not be read at all (not after a drop: then the room keeps what it had). */
  failed: boolean;
  /** The server's clock less the browser's, in milliseconds, as of the last lot received. */
  clockOffsetMs: number;
  /** Takes a lot learnt another way (a bid's answer). */
  apply: (lot: LiveLot) => void;
  retry: () => void;
}

export function useLiveLots(schemeId: string, { enabled = true }: { enabled?: boolean } = {}): LiveLots {
  const [lots, setLots] = useState<Map<string, LiveLot>>(() => new Map());
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const [failed, setFailed] = useState(false);
  const [clockOffsetMs, setClockOffsetMs] = useState(0);
  const [attempt, setAttempt] = useState(0);
  const order = useRef<string[]>([]);

  const applyAll = useCallback((incoming: LiveLot[]) => {
    if (incoming.length === 0) return;
    const last = incoming[incoming.length - 1];
    if (last) setClockOffsetMs(Date.parse(last.server_time) - Date.now());
    for (const lot of incoming) if (!order.current.includes(lot.plot_id)) order.current.push(lot.plot_id);
    setLots((held) => {
      let changed = false;
      const next = new Map(held);
      for (const lot of incoming) {
        if (newer(next.get(lot.plot_id), lot)) {
          next.set(lot.plot_id, lot);
          changed = true;
        }
      }
      return changed ? next : held;
    });
  }, []);
  const apply = useCallback((lot: LiveLot) => applyAll([lot]), [applyAll]);

  useEffect(() => {
    if (!enabled || !schemeId) return undefined;
    const stop = new AbortController();
    let drops = 0;
    let hadSnapshot = false;

    const wait = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        stop.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve();
        });
      });

    async function listen(): Promise<void> {
      const token = readToken();
      const response = await fetch(buildUrl(SCHEME_PATHS.live(schemeId)), {
        headers: { Accept: 'text/event-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        signal: stop.signal,
        cache: 'no-store',
      });
      if (!response.ok || !response.body) throw new Error(`The live stream answered ${response.status}`);
      setStatus('live');
      drops = 0;
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      const received: LiveLot[] = [];
      const feed = serverSentEvents((event) => {
        if (event.event !== 'lot') return;
        try {
          const lot = liveLotSchema.safeParse(JSON.parse(event.data));
          if (lot.success) received.push(lot.data);
        } catch {
          // A line that is not JSON is skipped; the next snapshot puts the room right.
        }
      });
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        feed(decoder.decode(value, { stream: true }));
        applyAll(received.splice(0));
      }
    }

    async function run(): Promise<void> {
      while (!stop.signal.aborted) {
        try {
          applyAll(await fetchLots(schemeId, stop.signal));
          hadSnapshot = true;
          setFailed(false);
          await listen();
        } catch {
          if (stop.signal.aborted) return;
          if (!hadSnapshot) {
            setFailed(true);
            return;
          }
        }
        if (stop.signal.aborted) return;
        setStatus('reconnecting');
        await wait(RECONNECT_DELAYS_MS[Math.min(drops, RECONNECT_DELAYS_MS.length - 1)] ?? 10000);
        drops += 1;
      }
    }

    setStatus('connecting');
    void run();
    return () => stop.abort();
  }, [schemeId, enabled, attempt, applyAll]);

  const retry = useCallback(() => {
    setFailed(false);
    setAttempt((value) => value + 1);
  }, []);

  const ordered = order.current.flatMap((plotId) => {
    const lot = lots.get(plotId);
    return lot ? [lot] : [];
  });
  return { lots: ordered, status, failed, clockOffsetMs, apply, retry };
}

/** The time now by the server's clock, read again every second while `active`. It is worked out as the page draws,
 * so a new offset (a lot just received) shows in the same frame as the lot. */
export function useServerNow(clockOffsetMs: number, active: boolean): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!active) return undefined;
    const timer = setInterval(() => setTick((tick) => tick + 1), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return browserNow() + clockOffsetMs;
}

const browserNow = () => Date.now();
