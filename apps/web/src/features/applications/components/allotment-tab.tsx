/** Allotment & Possession: the allotment and its letter, the lease deed's verification, and possession. */
import { useTranslation } from 'react-i18next';
import { FileCheck2, ScrollText } from 'lucide-react';
import { formatDate, formatNumber, type Allotment, type LeaseDeed, type Possession } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { StatusBadge } from '../../../components/ui/status-badge';
import { DefinitionGrid } from './definition-grid';
import { LEASE_DEED_TONES } from './status-tones';

export function AllotmentTab({
  allotment,
  leaseDeed,
  possession,
  onViewLetter,
  onViewCertificate,
}: {
  allotment: Allotment | null | undefined;
  leaseDeed: LeaseDeed | null | undefined;
  possession: Possession | null | undefined;
  onViewLetter: () => void;
  onViewCertificate: () => void;
}) {
  const { t } = useTranslation('applications');
  if (!allotment) {
    return (
      <Card>
        <p className="text-slate-700">{t('detail.allotment.none')}</p>
      </Card>
    );
  }
  return (
    <div className="space-y-4">
      <Card
        title={t('detail.allotment.title')}
        action={
          allotment.letter_generated ? (
            <Button
              variant="secondary"
              icon={<ScrollText aria-hidden="true" className="h-4 w-4" />}
              onClick={onViewLetter}
            >
              {t('detail.allotment.viewLetter')}
            </Button>
          ) : undefined
        }
      >
        <DefinitionGrid
          items={[
            [t('detail.allotment.number'), allotment.allotment_number],
            [t('detail.allotment.type'), t(`detail.allotment.${allotment.allotment_type}`)],
            [t('detail.allotment.date'), formatDate(allotment.allotment_date)],
            [t('detail.allotment.expiry'), formatDate(allotment.expiry_date)],
            [t('detail.allotment.status'), <StatusBadge key="status" status={allotment.status} />],
          ]}
        />
      </Card>
      <Card title={t('detail.allotment.leaseDeed')}>
        {leaseDeed ? (
          <DefinitionGrid
            items={[
              [t('detail.allotment.submittedOn'), formatDate(leaseDeed.submission_date)],
              [
                t('detail.allotment.verification'),
                <StatusBadge
                  key="status"
                  status={leaseDeed.verification_status}
                  tone={LEASE_DEED_TONES[leaseDeed.verification_status]}
                />,
              ],
              [t('detail.allotment.remarks'), leaseDeed.remarks || t('notAvailable')],
            ]}
          />
        ) : (
          <p className="text-slate-700">{t('detail.allotment.noLeaseDeed')}</p>
        )}
      </Card>
      <Card
        title={t('detail.allotment.possession')}
        action={
          possession ? (
            <Button
              variant="secondary"
              icon={<FileCheck2 aria-hidden="true" className="h-4 w-4" />}
              onClick={onViewCertificate}
            >
              {t('detail.allotment.viewCertificate')}
            </Button>
          ) : undefined
        }
      >
        {possession ? (
          <DefinitionGrid
            items={[
              [t('detail.allotment.possessionDate'), formatDate(possession.possession_date)],
              [t('detail.allotment.areaVerified'), formatNumber(possession.area_verified)],
              [
                t('detail.allotment.boundaryMarked'),
                possession.boundary_marked ? t('detail.allotment.yes') : t('detail.allotment.no'),
              ],
              [t('detail.allotment.remarks'), possession.remarks || t('notAvailable')],
            ]}
          />
        ) : (
          <p className="text-slate-700">{t('detail.allotment.noPossession')}</p>
        )}
      </Card>
    </div>
  );
}
