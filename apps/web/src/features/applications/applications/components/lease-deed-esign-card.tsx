/** The second way to submit the lease deed (decision 035): the holder signs the portal's deed with Aadhaar eSign
 * instead of uploading a scan. The card says they will be taken to the eSign provider and back, offers the deed to
 * read first, and on "Sign the deed with Aadhaar eSign" has the server prepare the deed and sends the page to the
 * provider with the signed request. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PenLine } from 'lucide-react';
import { PdfDownloadButton } from '../../../documents/components/letters/pdf-download-button';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { errorCode } from '../../../../lib/api-client';
import { goToEsignProvider, useStartLeaseDeedEsign } from '../api/applications';
import type { LeaseDeedEsignStart } from '@portal/contract';

export interface LeaseDeedEsignCardProps {
  allotmentId: string;
  allotmentNumber: string;
  /** Where the signed request is sent (the eSign provider's page); tests pass their own. */
  navigate?: (start: LeaseDeedEsignStart) => void;
}

export function LeaseDeedEsignCard({
  allotmentId,
  allotmentNumber,
  navigate = goToEsignProvider,
}: LeaseDeedEsignCardProps) {
  const { t } = useTranslation('applications');
  const start = useStartLeaseDeedEsign(navigate);
  const headingId = useId();
  // Once the request is made the page is leaving for the provider: the button stays busy until it has gone.
  const leaving = start.isPending || start.isSuccess;
  return (
    <Card title={<span id={headingId}>{t('detail.esign.title')}</span>} aria-labelledby={headingId} className="mb-6">
      <div className="space-y-3 text-slate-800">
        <p>{t('detail.esign.intro')}</p>
        <p>{t('detail.esign.how')}</p>
        <div className="flex flex-wrap items-center gap-3">
          <span>{t('detail.esign.readFirst')}</span>
          <PdfDownloadButton document="leaseDeed" id={allotmentId} number={allotmentNumber} size="sm" />
        </div>
        {start.isError && (
          <p role="alert" className="font-medium text-red-800">
            {errorCode(start.error) === 'esign_pending' ? t('detail.esign.pending') : t('detail.esign.failed')}
          </p>
        )}
        <Button
          icon={<PenLine aria-hidden="true" className="h-4 w-4" />}
          busy={leaving}
          busyText={t('detail.esign.starting')}
          onClick={() => {
            if (!leaving) start.mutate(allotmentId);
          }}
        >
          {t('detail.esign.start')}
        </Button>
      </div>
    </Card>
  );
}
