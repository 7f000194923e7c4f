/** Allotment & Possession: the allotment and its letter, the lease deed, how it was signed (an uploaded scan, or
 * eSigned by the name on the allottee's certificate) and its verification (staff also download it), the possession and
 * its certificate, and once possession is given the lease's end and the milestones; the letter and the certificate
 * open for quick printing and download as the issued PDFs. */
import { FileCheck2, ScrollText } from 'lucide-react';
import { toast } from 'sonner';
import {
  formatDate,
  formatDateTime,
  formatNumber,
  type Allotment,
  type Asset,
  type LeaseDeed,
  type Possession,
  type Role,
} from '@portal/contract';
import { PdfDownloadButton } from '../../../documents/components/letters/pdf-download-button';
import { MilestoneList } from '../../../estate/components/milestones/milestone-list';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { downloadFile } from '../api/officer-actions';
import { isStaff, useViewerText } from '../lib/viewer';
import { DefinitionGrid } from './definition-grid';
import { ALLOTMENT_TONES, LEASE_DEED_TONES } from './status-tones';
import { StatementLink } from '../../../money/components/account-statement/statement-link';

export interface AllotmentTabProps {
  /** The viewer's role. */
  role: Role;
  allotment: Allotment | null | undefined;
  leaseDeed: LeaseDeed | null | undefined;
  possession: Possession | null | undefined;
  /** The asset, for the unit of the area verified (staff). */
  asset?: Asset;
  onViewLetter: () => void;
  onViewCertificate: () => void;
}

export function AllotmentTab({
  role,
  allotment,
  leaseDeed,
  possession,
  asset,
  onViewLetter,
  onViewCertificate,
}: AllotmentTabProps) {
  const t = useViewerText(role);
  const staff = isStaff(role);
  if (!allotment) {
    return (
      <Card>
        <p className="text-slate-700">{t('detail.allotment.none')}</p>
      </Card>
    );
  }
  const downloadDeed = () =>
    downloadFile(`/allotments/${allotment.id}/lease-deed/file`, leaseDeed?.file_name ?? 'lease-deed.pdf').catch(() =>
      toast.error(t('detail.documents.downloadFailed')),
    );
  const unit = staff && asset ? ` ${t(`units.${asset.unit}`)}` : '';
  return (
    <div className="space-y-4">
      <Card
        title={t('detail.allotment.title')}
        action={
          allotment.letter_generated || staff ? (
            <div className="flex flex-wrap gap-2">
              {allotment.letter_generated && (
                <>
                  <Button
                    variant="secondary"
                    icon={<ScrollText aria-hidden="true" className="h-4 w-4" />}
                    onClick={onViewLetter}
                  >
                    {t('detail.allotment.viewLetter')}
                  </Button>
                  <PdfDownloadButton document="letter" id={allotment.id} number={allotment.allotment_number} />
                </>
              )}
              {/* The holder reaches the plot's statement from My plots; staff from here. */}
              {staff && <StatementLink kind="allotment" id={allotment.id} size="md" />}
            </div>
          ) : undefined
        }
      >
        <DefinitionGrid
          items={[
            [t('detail.allotment.number'), allotment.allotment_number],
            [t('detail.allotment.type'), t(`detail.allotment.${allotment.allotment_type}`)],
            [t('detail.allotment.date'), formatDate(allotment.allotment_date)],
            [t('detail.allotment.expiry'), formatDate(allotment.expiry_date)],
            [
              t('detail.allotment.status'),
              <StatusBadge key="status" status={allotment.status} tone={ALLOTMENT_TONES[allotment.status]} />,
            ],
          ]}
        />
      </Card>
      <Card
        title={t('detail.allotment.leaseDeed')}
        action={
          staff && leaseDeed ? (
            <Button variant="secondary" onClick={() => void downloadDeed()}>
              {t('detail.allotment.downloadDeed')}
            </Button>
          ) : undefined
        }
      >
        {leaseDeed ? (
          <DefinitionGrid
            items={[
              [t('detail.allotment.submittedOn'), (staff ? formatDateTime : formatDate)(leaseDeed.submission_date)],
              [
                t('detail.allotment.verification'),
                <StatusBadge
                  key="status"
                  status={t(`detail.allotment.deedStatuses.${leaseDeed.verification_status}`)}
                  tone={LEASE_DEED_TONES[leaseDeed.verification_status]}
                />,
              ],
              [
                t('detail.allotment.signedHow'),
                leaseDeed.esigned_by
                  ? t('detail.allotment.esignedBy', { name: leaseDeed.esigned_by })
                  : t('detail.allotment.uploadedScan'),
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
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                icon={<FileCheck2 aria-hidden="true" className="h-4 w-4" />}
                onClick={onViewCertificate}
              >
                {t('detail.allotment.viewCertificate')}
              </Button>
              <PdfDownloadButton document="certificate" id={allotment.id} number={possession.certificate_number} />
            </div>
          ) : undefined
        }
      >
        {possession ? (
          <DefinitionGrid
            items={[
              [t('detail.allotment.certificateNumber'), possession.certificate_number],
              [t('detail.allotment.possessionDate'), formatDate(possession.possession_date)],
              [t('detail.allotment.areaVerified'), `${formatNumber(possession.area_verified)}${unit}`],
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
      {/* A surrendered or cancelled allotment's milestones no longer fall due. */}
      {allotment.milestones.length > 0 && allotment.status !== 'surrendered' && allotment.status !== 'cancelled' && (
        <Card title={t('detail.allotment.milestones')}>
          {allotment.lease_ends_on && (
            <p className="mb-3 text-slate-700">
              {t('detail.allotment.leaseEndsOn', { date: formatDate(allotment.lease_ends_on) })}
            </p>
          )}
          <MilestoneList milestones={allotment.milestones} />
        </Card>
      )}
    </div>
  );
}
