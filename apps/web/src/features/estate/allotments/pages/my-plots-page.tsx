/** My plots: the transfers offered to the entrepreneur (to accept), then the plots they hold and held before a
 * transfer, a page at a time as cards (a phone shows them stacked), each with its milestones, the services it offers
 * now, the orders of its services that took effect and its history; each service is asked for in a dialog here. */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ALLOTMENT_LIST, type ServiceRequest } from '@portal/contract';
import { useAllotmentPage } from '../../../../api/allotments';
import { PagedList } from '../../../../components/paged-list';
import { buttonClasses } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { PageHeader } from '../../../../components/ui/page-header';
import { useFailureToast } from '../../../../lib/use-failure-toast';
import { useListParams } from '../../../../lib/use-list-params';
import { useApprovedRequests } from '../api/allottee-services';
import { AllotteeServiceDialog, type AllotteeServiceAsk } from '../components/allottee-service-dialog';
import { PlotCard } from '../components/plot-card';
import { TransferOffers } from '../components/transfer-offers';

const NO_ORDERS: readonly ServiceRequest[] = [];

export default function MyPlotsPage() {
  const { t } = useTranslation('allotments');
  const list = useListParams(ALLOTMENT_LIST, { limit: 10 });
  const plots = useAllotmentPage(list.query);
  const [ask, setAsk] = useState<AllotteeServiceAsk>();
  const approved = useApprovedRequests();
  // The requests that took effect, by their allotment: each plot lists its orders.
  const orders = useMemo(() => {
    const byAllotment = new Map<string, ServiceRequest[]>();
    for (const request of approved.data?.items ?? []) {
      if (!request.took_effect_at || !request.allotment_id) continue;
      byAllotment.set(request.allotment_id, [...(byAllotment.get(request.allotment_id) ?? []), request]);
    }
    return byAllotment;
  }, [approved.data]);

  useFailureToast(plots.isError, t('plots.loadFailed'), 'my-plots-load-failed');

  return (
    <>
      <PageHeader title={t('plots.title')} subtitle={t('plots.subtitle')} />
      <TransferOffers />
      <PagedList
        query={plots}
        list={list}
        errorMessage={t('plots.loadFailed')}
        emptyMessage={t('plots.empty')}
        emptyAction={
          <Link to="/applications" className={buttonClasses('primary')}>
            {t('plots.toApplications')}
          </Link>
        }
        emptyFrame={(empty) => <Card>{empty}</Card>}
        className="space-y-4"
      >
        {(items) => (
          <ul className="space-y-4" aria-label={t('plots.listLabel')}>
            {items.map((allotment) => (
              <li key={allotment.id}>
                <PlotCard
                  allotment={allotment}
                  orders={orders.get(allotment.id) ?? NO_ORDERS}
                  onAskExtension={(plot, milestone) => setAsk({ service: 'eot', allotment: plot, milestone })}
                  onAskService={(plot, service) => setAsk({ service, allotment: plot })}
                />
              </li>
            ))}
          </ul>
        )}
      </PagedList>
      <AllotteeServiceDialog ask={ask} onClose={() => setAsk(undefined)} />
    </>
  );
}
