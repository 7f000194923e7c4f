/** "Transfers offered to you" on My plots: the transfers another holder named the signed-in entrepreneur's email in,
 * each with its plot, who offers it, the fee, and where it stands; one waiting for acceptance has Accept Transfer,
 * which first says what accepting means (the plot and its fee become the entrepreneur's once an officer approves the
 * transfer and the fee is paid). The section is absent when nothing is offered. */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Handshake } from 'lucide-react';
import { toast } from 'sonner';
import { formatDate, formatRupees, type TransferOffer } from '@portal/contract';
import { useServiceRefusalText } from '../../components/service-request-form/refusal-text';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { Dialog } from '../../../../components/ui/dialog';
import { useAcceptTransfer, useTransfersOffered } from '../api/allottee-services';

const plotOf = (offer: TransferOffer) => offer.asset_code ?? offer.allotment_number ?? offer.request_number;

export function TransferOffers() {
  const { t } = useTranslation('allotments');
  const headingId = useId();
  const offers = useTransfersOffered();
  const accept = useAcceptTransfer();
  const { reasonOf } = useServiceRefusalText();
  const [confirming, setConfirming] = useState<TransferOffer>();
  const items = offers.data?.items ?? [];
  // A failed look-up leaves the section out rather than blocking the plots.
  if (items.length === 0) return null;

  const feeOf = (offer: TransferOffer) => (offer.fee_amount > 0 ? formatRupees(offer.fee_amount) : t('offers.noFee'));
  const confirm = (offer: TransferOffer) =>
    accept.mutate(offer.id, {
      onSuccess: () => {
        setConfirming(undefined);
        toast.success(t('offers.accepted', { plot: plotOf(offer) }));
      },
      onError: (error) => {
        setConfirming(undefined);
        toast.error(t('offers.failed'), { description: reasonOf(error) || undefined });
      },
    });

  return (
    <section aria-labelledby={headingId} className="mb-6">
      <h2 id={headingId} className="mb-1 text-xl font-semibold text-slate-900">
        {t('offers.title')}
      </h2>
      <p className="mb-3 text-slate-700">{t('offers.intro')}</p>
      <ul className="space-y-4">
        {items.map((offer) => {
          const plot = plotOf(offer);
          const facts: Array<[string, string]> = [
            [t('offers.from'), offer.holder_name],
            [t('offers.request'), offer.request_number],
            [t('plots.allotmentNumber'), offer.allotment_number ?? '—'],
            [t('offers.fee'), feeOf(offer)],
            [t('offers.offeredOn'), formatDate(offer.submitted_at)],
          ];
          return (
            <li key={offer.id}>
              <Card aria-label={t('offers.cardLabel', { plot })}>
                <h3 className="mb-3 text-lg font-semibold text-slate-900">{t('offers.cardTitle', { plot })}</h3>
                <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-5">
                  {facts.map(([label, value]) => (
                    <div key={label} className="min-w-0">
                      <dt className="text-sm text-slate-600">{label}</dt>
                      <dd className="font-medium break-words text-slate-900 tabular-nums">{value}</dd>
                    </div>
                  ))}
                </dl>
                <p className="mt-4 text-slate-800">
                  {offer.transferee_accepted_at
                    ? t('offers.acceptedOn', { date: formatDate(offer.transferee_accepted_at) })
                    : t('offers.waiting')}
                </p>
                {!offer.transferee_accepted_at && (
                  <Button
                    className="mt-4"
                    icon={<Handshake aria-hidden="true" className="h-4 w-4" />}
                    aria-label={t('offers.acceptPlot', { plot })}
                    onClick={() => setConfirming(offer)}
                  >
                    {t('offers.accept')}
                  </Button>
                )}
              </Card>
            </li>
          );
        })}
      </ul>
      <Dialog
        open={confirming !== undefined}
        onOpenChange={(open) => {
          if (!open && !accept.isPending) setConfirming(undefined);
        }}
        title={t('offers.confirmTitle', { plot: confirming ? plotOf(confirming) : '' })}
        description={
          confirming
            ? t('offers.confirmConsequence', {
                plot: plotOf(confirming),
                holder: confirming.holder_name,
                fee: feeOf(confirming),
              })
            : undefined
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(undefined)} disabled={accept.isPending}>
              {t('service.cancel')}
            </Button>
            <Button
              busy={accept.isPending}
              busyText={t('offers.accepting')}
              onClick={() => confirming && confirm(confirming)}
            >
              {t('offers.confirm')}
            </Button>
          </>
        }
      >
        <ul className="list-disc space-y-1.5 pl-5 text-slate-800">
          <li>{t('offers.meansHolder')}</li>
          <li>{t('offers.meansFee')}</li>
          <li>{t('offers.meansUntil')}</li>
        </ul>
      </Dialog>
    </section>
  );
}
