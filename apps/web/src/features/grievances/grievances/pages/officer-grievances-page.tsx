/** The officers' grievance inbox: every grievance they work (a zonal manager with a zone: that zone's), by status,
 * category and whether past its promised day, searched by number. Officers raise their own from My grievances. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '@portal/contract';
import { PageHeader } from '../../../../components/ui/page-header';
import { buttonClasses } from '../../../../components/ui/button';
import { useGrievanceInboxPage } from '../api/grievances';
import { GrievanceList } from '../components/grievance-list';

export default function OfficerGrievancesPage() {
  const { t } = useTranslation('grievances');
  return (
    <>
      <PageHeader
        title={t('inbox.title')}
        subtitle={t('inbox.subtitle')}
        actions={
          <Link className={buttonClasses('secondary')} to={ROUTES.grievances.path}>
            {t('mine.title')}
          </Link>
        }
      />
      <GrievanceList officer usePage={useGrievanceInboxPage} />
    </>
  );
}
