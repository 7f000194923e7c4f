/** A stand-in screen (heading + "Coming soon") for a route whose feature is not built yet. */
import { useTranslation } from 'react-i18next';
import { Card } from './ui/card';
import { PageHeader } from './ui/page-header';

/** `screen` is a key of the common catalogue's "screens" group. */
export function PlaceholderPage({ screen }: { screen: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t(`screens.${screen}`)} />
      <Card>
        <p className="text-slate-700">{t('comingSoon')}</p>
      </Card>
    </>
  );
}
