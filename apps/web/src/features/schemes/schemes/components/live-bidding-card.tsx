/** Staff watching an auction while it runs: each lot's highest bid, its number of bids and the time left, live from the
 * same stream the bidders read (staff see no bidder, and place no bid). */
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber, formatRupees, type LiveLot, type Scheme } from '@portal/contract';
import { Card } from '../../../../components/ui/card';
import { DataTable, type Column } from '../../../../components/ui/data-table';
import { Spinner } from '../../../../components/ui/spinner';
import { useLiveLots, useServerNow } from '../lib/live-lots';
import { lotState, useTimeLeftWords } from '../lib/lot-state';

export function LiveBiddingCard({ scheme }: { scheme: Scheme }) {
  const { t } = useTranslation('schemes');
  const live = useLiveLots(scheme.id);
  const serverNow = useServerNow(live.clockOffsetMs, live.lots.length > 0);
  const timeLeft = useTimeLeftWords();
  const columns: Column<LiveLot>[] = [
    { key: 'plot', header: t('plots.plot'), card: 'title', cell: (lot) => lot.plot_code },
    {
      key: 'highest',
      header: t('plots.highestBid'),
      numeric: true,
      cell: (lot) => (lot.highest_bid === null ? t('plots.noBids') : formatRupees(lot.highest_bid)),
    },
    { key: 'bids', header: t('live.bids'), numeric: true, cell: (lot) => formatNumber(lot.bid_count) },
    {
      key: 'left',
      header: t('room.timeLeft'),
      wrap: true,
      cell: (lot) => {
        const state = lotState(lot, serverNow, scheme.auction_starts_at);
        return (
          <span>
            {state === 'open'
              ? timeLeft(Date.parse(lot.ends_at) - serverNow)
              : state === 'not_started'
                ? t('room.notStarted')
                : t('room.closed')}
            <span className="block text-sm text-slate-700">
              {t('room.endsAt', { at: formatDateTime(lot.ends_at) })}
            </span>
          </span>
        );
      },
    },
  ];
  return (
    <Card title={t('live.title')}>
      <p className="mb-3 font-medium text-slate-800" role="status">
        {t(`room.connection.${live.status}`)}
      </p>
      {live.failed ? (
        <p className="text-red-800">{t('room.loadFailed')}</p>
      ) : live.lots.length === 0 ? (
        <Spinner label={t('room.loading')} />
      ) : (
        <DataTable caption={t('live.title')} columns={columns} rows={live.lots} rowKey={(lot) => lot.plot_id} />
      )}
    </Card>
  );
}
