/** The possession certificate: number (first 12 characters of the possession id, upper-cased), the allottee,
 * the asset, the possession facts (the area handed over, labelled in the asset's unit, beside the asset's total
 * area), signature boxes, and Print/Download. */
import { useTranslation } from 'react-i18next';
import {
  formatDate,
  formatNumber,
  possessionCertificateNumber,
  type Allotment,
  type Applicant,
  type Asset,
  type Possession,
} from '@portal/contract';
import { useOrganization } from '../../../../api/organization';
import { LetterDialogFrame, LetterFactsTable } from './letter-dialog-frame';
import { Letterhead } from './letterhead';

export interface PossessionCertificateDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  possession: Possession;
  allotment: Allotment;
  asset: Asset | undefined;
  applicant: Applicant | undefined;
}

export function PossessionCertificateDialog({
  open,
  onOpenChange,
  possession,
  allotment,
  asset,
  applicant,
}: PossessionCertificateDialogProps) {
  const { t } = useTranslation('letters');
  const corporation = useOrganization().data?.name ?? t('common:corporationName');
  const title = t('possession.title');
  const na = t('notAvailable');
  const address = applicant ? `${applicant.address}, ${applicant.city}, ${applicant.state} - ${applicant.pincode}` : na;
  // Without the asset its unit is unknown: the label then names none rather than guess.
  const unit = asset ? t(`units.${asset.unit}`) : na;
  const rows: Array<[string, string]> = [
    [t('possession.organization'), applicant?.organization_name ?? na],
    [t('possession.address'), address],
    [t('possession.allotmentNumber'), allotment.allotment_number],
    [t('possession.assetCode'), asset?.asset_code ?? na],
    [t('possession.locationZone'), asset ? `${asset.location}, ${asset.zone}` : na],
    [t('possession.surveyNumber'), asset?.survey_number ?? na],
    [t('possession.totalArea', { unit }), asset ? formatNumber(asset.total_area) : na],
    [t('possession.areaHandedOver', { unit }), formatNumber(possession.area_verified)],
    [t('possession.possessionDate'), formatDate(possession.possession_date)],
    [t('possession.boundaryMarked'), possession.boundary_marked ? t('possession.yes') : t('possession.no')],
    [t('possession.remarks'), possession.remarks || na],
  ];

  return (
    <LetterDialogFrame open={open} onOpenChange={onOpenChange} title={title}>
      <Letterhead />
      <h2 className="letter-title">{title}</h2>
      <hr className="letter-rule" />
      <div className="letter-meta">
        <span>
          {t('possession.certificateNumber')} <strong>{possessionCertificateNumber(possession.id)}</strong>
        </span>
      </div>
      <p className="letter-block">{t('possession.intro')}</p>
      <LetterFactsTable rows={rows} />
      <div className="letter-signatures">
        <div className="letter-signature-box">{t('possession.allotteeSignature')}</div>
        <div className="letter-signature-box">{t('possession.officerSignature')}</div>
      </div>
      <p className="letter-sign">{t('forCorporation', { corporation })}</p>
    </LetterDialogFrame>
  );
}
