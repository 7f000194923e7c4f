/** Allotment & Possession: the allotment (and its letter), the lease deed's state, and the possession (and its certificate). */
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  formatDate,
  formatDateTime,
  formatNumber,
  NOT_AVAILABLE,
  type Allotment,
  type Asset,
  type LeaseDeed,
  type Possession,
} from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { StatusBadge } from '../../../components/ui/status-badge';
import { downloadFile } from '../api/officer-actions';
import { DefinitionList } from './definition-list';

const DEED_TONES = { pending: 'blue', approved: 'green', rejected: 'red', needs_revision: 'amber' } as const;

export interface AllotmentTabProps {
  allotment: Allotment | null | undefined;
  leaseDeed: LeaseDeed | null | undefined;
  possession: Possession | null | undefined;
  asset: Asset | undefined;
  onViewLetter: () => void;
  onViewCertificate: () => void;
}

export function AllotmentTab({
  allotment,
  leaseDeed,
  possession,
  asset,
  onViewLetter,
  onViewCertificate,
}: AllotmentTabProps) {
  const { t } = useTranslation('officer-applications');
  if (!allotment) {
    return (
      <Card>
        <p className="text-slate-700">{t('allotment.none')}</p>
      </Card>
    );
  }
  const downloadDeed = () =>
    downloadFile(`/allotments/${allotment.id}/lease-deed/file`, leaseDeed?.file_name ?? 'lease-deed.pdf').catch(() =>
      toast.error(t('documents.downloadFailed')),
    );
  return (
    <div className="space-y-4">
      <Card
        title={t('allotment.title')}
        action={
          allotment.letter_generated ? (
            <Button variant="secondary" onClick={onViewLetter}>
              {t('allotment.viewLetter')}
            </Button>
          ) : undefined
        }
      >
        <DefinitionList
          items={[
            [t('allotment.number'), allotment.allotment_number],
            [t('allotment.type'), t(`allotment.types.${allotment.allotment_type}`)],
            [t('allotment.date'), formatDate(allotment.allotment_date)],
            [t('allotment.expiry'), formatDate(allotment.expiry_date)],
            [
              t('allotment.status'),
              <StatusBadge
                key="status"
                status={allotment.status}
                tone={allotment.status === 'active' ? 'green' : 'grey'}
              />,
            ],
          ]}
        />
      </Card>
      <Card
        title={t('allotment.leaseDeed')}
        action={
          leaseDeed ? (
            <Button variant="secondary" onClick={() => void downloadDeed()}>
              {t('allotment.downloadDeed')}
            </Button>
          ) : undefined
        }
      >
        {leaseDeed ? (
          <DefinitionList
            items={[
              [t('allotment.submitted'), formatDateTime(leaseDeed.submission_date)],
              [
                t('allotment.verification'),
                <StatusBadge
                  key="verification"
                  status={t(`allotment.deedStatuses.${leaseDeed.verification_status}`)}
                  tone={DEED_TONES[leaseDeed.verification_status]}
                />,
              ],
              [t('allotment.remarks'), leaseDeed.remarks || NOT_AVAILABLE],
            ]}
          />
        ) : (
          <p className="text-slate-700">{t('allotment.noLeaseDeed')}</p>
        )}
      </Card>
      <Card
        title={t('allotment.possession')}
        action={
          possession ? (
            <Button variant="secondary" onClick={onViewCertificate}>
              {t('allotment.viewCertificate')}
            </Button>
          ) : undefined
        }
      >
        {possession ? (
          <DefinitionList
            items={[
              [t('allotment.certificateNumber'), possession.certificate_number],
              [t('allotment.possessionDate'), formatDate(possession.possession_date)],
              [
                t('allotment.areaVerified'),
                `${formatNumber(possession.area_verified)}${asset ? ` ${asset.unit}` : ''}`,
              ],
              [t('allotment.boundaryMarked'), possession.boundary_marked ? t('allotment.yes') : t('allotment.no')],
              [t('allotment.remarks'), possession.remarks || NOT_AVAILABLE],
            ]}
          />
        ) : (
          <p className="text-slate-700">{t('allotment.noPossession')}</p>
        )}
      </Card>
    </div>
  );
}
