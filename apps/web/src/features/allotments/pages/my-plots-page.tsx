/** My plots: the plots the entrepreneur holds, a page at a time as cards (a phone shows them stacked), each with its
 * milestones and the services it offers now; an extension of time or a surrender is asked for in a dialog here. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ALLOTMENT_LIST } from '@portal/contract';
import { useAllotmentPage } from '../../../api/allotments';
import { PagedList } from '../../../components/paged-list';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { useFailureToast } from '../../../lib/use-failure-toast';
import { useListParams } from '../../../lib/use-list-params';
import { AllotteeServiceDialog, type AllotteeServiceAsk } from '../components/allottee-service-dialog';
import { PlotCard } from '../components/plot-card';

export default function MyPlotsPage() {
  const { t } = useTranslation('allotments');
  const list = useListParams(ALLOTMENT_LIST, { limit: 10 });
  const plots = useAllotmentPage(list.query);
  const [ask, setAsk] = useState<AllotteeServiceAsk>();

  useFailureToast(plots.isError, t('plots.loadFailed'), 'my-plots-load-failed');

  return (
    <>
      <PageHeader title={t('plots.title')} subtitle={t('plots.subtitle')} />
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
                  onAskExtension={(plot, milestone) => setAsk({ service: 'eot', allotment: plot, milestone })}
                  onSurrender={(plot) => setAsk({ service: 'withdrawal', allotment: plot })}
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
