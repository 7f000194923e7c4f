/** My grievances: the signed-in user's own, a page at a time, and the way to raise one. */
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../../components/ui/page-header';
import { useMyGrievancesPage } from '../api/grievances';
import { GrievanceList } from '../components/grievance-list';
import { RaiseGrievanceDialog } from '../components/raise-grievance-dialog';

export default function MyGrievancesPage() {
  const { t } = useTranslation('grievances');
  return (
    <>
      <PageHeader title={t('mine.title')} subtitle={t('mine.subtitle')} actions={<RaiseGrievanceDialog />} />
      <GrievanceList officer={false} usePage={useMyGrievancesPage} />
    </>
  );
}
