/** A lot's state and its time left, by the server's clock, as the auction room and the staff's live view show them. */
import { useTranslation } from 'react-i18next';
import { formatNumber, type LiveLot } from '@portal/contract';

/** Where a lot stands by the server's clock. The server sends a lot again only when it changes (a bid, an extension),
 * not when bidding starts, so a lot sent before the start is taken as open once the start has passed by that clock
 * (the server still decides each bid). */
export function lotState(lot: LiveLot, serverNow: number, startsAt: string | null): 'not_started' | 'open' | 'closed' {
  if (Date.parse(lot.ends_at) <= serverNow) return 'closed';
  if (lot.running) return 'open';
  return startsAt !== null && Date.parse(startsAt) <= serverNow ? 'open' : 'not_started';
}

/** Seconds as "1 h 02 min 05 s" in the reader's words. */
export function useTimeLeftWords() {
  const { t } = useTranslation('schemes');
  return (milliseconds: number) => {
    const total = Math.max(0, Math.floor(milliseconds / 1000));
    const hours = Math.floor(total / 3600);
    const minutes = Math.floor((total % 3600) / 60);
    const seconds = total % 60;
    const pad = (value: number) => String(value).padStart(2, '0');
    if (hours > 0)
      return t('room.leftHours', { hours: formatNumber(hours), minutes: pad(minutes), seconds: pad(seconds) });
    return t('room.leftMinutes', { minutes: formatNumber(minutes), seconds: pad(seconds) });
  };
}
