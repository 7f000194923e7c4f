/** The corporation's letterhead on letters, receipts, certificates and print views: its name, address and GSTIN as
 * the server is configured (ORG_NAME, ORG_ADDRESS, ORG_GSTIN); its name alone until they are known. */
import { useTranslation } from 'react-i18next';
import { useOrganization } from '../../../../api/organization';

export function Letterhead({ className = 'letter-corporation' }: { className?: string }) {
  const { t } = useTranslation('letters');
  const organization = useOrganization().data;
  return (
    <div className="letter-letterhead" data-testid="letterhead">
      <p className={className}>{organization?.name ?? t('common:corporationName')}</p>
      {organization && (
        <>
          <p className="letter-letterhead-line">{organization.address}</p>
          <p className="letter-letterhead-line">{t('gstin', { gstin: organization.gstin })}</p>
        </>
      )}
    </div>
  );
}
