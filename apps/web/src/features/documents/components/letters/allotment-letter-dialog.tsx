/** The allotment letter (provisional or final): corporation heading, date and reference, addressee, subject,
 * application reference, the asset table, the terms, and Print/Download. */
import { useTranslation } from 'react-i18next';
import {
  amountInWords,
  formatDate,
  formatNumber,
  formatRupees,
  type Allotment,
  type Applicant,
  type Application,
  type Asset,
} from '@portal/contract';
import { useOrganization } from '../../../../api/organization';
import { LetterDialogFrame } from './letter-dialog-frame';
import { Letterhead } from './letterhead';

export interface AllotmentLetterDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  allotment: Allotment;
  application: Application;
  asset: Asset | undefined;
  applicant: Applicant | undefined;
}

const TERMS = ['validity', 'commencement', 'balance', 'leaseDeed', 'cancellation', 'conversion'] as const;

export function AllotmentLetterDialog({
  open,
  onOpenChange,
  allotment,
  application,
  asset,
  applicant,
}: AllotmentLetterDialogProps) {
  const { t } = useTranslation('letters');
  const corporation = useOrganization().data?.name ?? t('common:corporationName');
  const kind = allotment.allotment_type;
  const title = t(`allotment.title_${kind}`);
  const na = t('notAvailable');

  return (
    <LetterDialogFrame open={open} onOpenChange={onOpenChange} title={title}>
      <Letterhead />
      <h2 className="letter-title">{title}</h2>
      <hr className="letter-rule" />
      <div className="letter-meta">
        <span>
          {t('allotment.reference')} <strong>{allotment.allotment_number}</strong>
        </span>
        <span>
          {t('allotment.date')}: <strong>{formatDate(allotment.allotment_date)}</strong>
        </span>
      </div>

      <div className="letter-block">
        <p>{t('allotment.to')}</p>
        <p>
          <strong>{applicant?.organization_name ?? na}</strong>
        </p>
        <p>{applicant?.address ?? na}</p>
        <p>{applicant ? `${applicant.city}, ${applicant.state} - ${applicant.pincode}` : na}</p>
      </div>

      <p className="letter-subject">
        {t(`allotment.subject_${kind}`, {
          type: asset ? t(`allotment.assetTypes.${asset.type}`) : na,
          code: asset?.asset_code ?? na,
          location: asset ? `${asset.location}, ${asset.zone}` : na,
        })}
      </p>
      <p>{t('allotment.applicationReference', { number: application.application_number })}</p>

      <div className="letter-block">
        <p>{t('allotment.salutation')}</p>
        <p>{t(`allotment.body_${kind}`)}</p>
      </div>

      <h3>{t('allotment.assetDetails')}</h3>
      {asset ? (
        <table>
          <tbody>
            <tr>
              <th scope="row">{t('allotment.assetCode')}</th>
              <td>{asset.asset_code}</td>
            </tr>
            <tr>
              <th scope="row">{t('allotment.type')}</th>
              <td style={{ textTransform: 'capitalize' }}>{asset.type}</td>
            </tr>
            <tr>
              <th scope="row">{t('allotment.locationZone')}</th>
              <td>
                {asset.location}, {asset.zone}
              </td>
            </tr>
            <tr>
              <th scope="row">{t('allotment.surveyNumber')}</th>
              <td>{asset.survey_number}</td>
            </tr>
            <tr>
              <th scope="row">{t('allotment.area')}</th>
              <td>
                {formatNumber(asset.total_area)} {t(`units.${asset.unit}`)}
              </td>
            </tr>
            <tr>
              <th scope="row">{t('allotment.valuation')}</th>
              <td>
                {t('allotment.valuationWithWords', {
                  figures: formatRupees(asset.valuation),
                  words: amountInWords(asset.valuation),
                })}
              </td>
            </tr>
          </tbody>
        </table>
      ) : (
        <p>{t('allotment.unknownAsset')}</p>
      )}

      <h3>{t('allotment.termsTitle')}</h3>
      <ol>
        {TERMS.map((term) => (
          <li key={term}>{t(`allotment.terms.${term}`, { date: formatDate(allotment.expiry_date) })}</li>
        ))}
      </ol>

      <div className="letter-sign">
        <p>{t('forCorporation', { corporation })}</p>
        <br />
        <br />
        <p>
          <strong>{t('authorisedSignatory')}</strong>
        </p>
      </div>
    </LetterDialogFrame>
  );
}
