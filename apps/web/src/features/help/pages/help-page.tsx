/** /help: for everyone, signed in or not. What every application status means, whom it waits on and what to do next
 * (each at /help#status-<status>, the target of every application status badge and the "Right now" card), help for
 * each role, the fees and what they are for (from the contract's fee rules), and a glossary. */
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  APPLICATION_STATUSES,
  FEES,
  formatRupees,
  processingFeeWithGst,
  ROLES,
  SERVICE_TARGETS,
} from '@portal/contract';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';

/** The glossary's terms, in the order shown. */
export const GLOSSARY_TERMS = [
  'emd',
  'dpr',
  'premium',
  'processing_fee',
  'lease_deed',
  'possession',
  'service_clock',
  'working_day',
  'query',
  'appeal',
  'deemed_approval',
  'escalation',
  'noc',
] as const;

/** The anchor of a status's entry. */
export const statusAnchor = (status: string) => `status-${status}`;

const percent = (rate: number) => `${Math.round(rate * 100)}%`;
const LINK = 'font-medium text-brand-700 underline underline-offset-2';

export default function HelpPage() {
  const { t } = useTranslation('help');
  const { hash } = useLocation();

  // The page loads after the address is read, so the browser's own jump to the #status-... anchor has nothing to
  // land on: the entry is brought into view (and focus) once it is drawn.
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    target.scrollIntoView?.({ block: 'start' });
    target.focus({ preventScroll: true });
  }, [hash]);

  const sections = [
    { id: 'statuses', title: t('statusesTitle') },
    { id: 'roles', title: t('rolesTitle') },
    { id: 'fees', title: t('feesTitle') },
    { id: 'glossary', title: t('glossaryTitle') },
  ];

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />

      <nav aria-labelledby="help-contents" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="help-contents" className="font-semibold text-slate-900">
          {t('contents')}
        </h2>
        <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-1">
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className={`inline-flex min-h-11 items-center ${LINK}`}>
                {section.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <Card id="statuses" aria-labelledby="statuses-title">
        <h2 id="statuses-title" className="text-lg font-semibold text-slate-900">
          {t('statusesTitle')}
        </h2>
        <p className="mt-1 text-slate-700">{t('statusesIntro')}</p>
        <ol className="mt-4 space-y-4">
          {APPLICATION_STATUSES.map((status) => {
            const target = SERVICE_TARGETS[status];
            return (
              <li
                key={status}
                id={statusAnchor(status)}
                tabIndex={-1}
                aria-labelledby={`${statusAnchor(status)}-name`}
                className="scroll-mt-4 rounded-md border border-slate-200 p-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-700 target:border-brand-700 target:bg-brand-50"
              >
                <h3 id={`${statusAnchor(status)}-name`} className="font-semibold text-slate-900">
                  {t(`statuses.${status}.name`)}
                </h3>
                <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[12rem_1fr]">
                  <dt className="font-medium text-slate-700">{t('meaning')}</dt>
                  <dd className="text-slate-900">{t(`statuses.${status}.meaning`)}</dd>
                  <dt className="font-medium text-slate-700">{t('waitsOn')}</dt>
                  <dd className="text-slate-900">{t(`statuses.${status}.waitsOn`)}</dd>
                  <dt className="font-medium text-slate-700">{t('next')}</dt>
                  <dd className="text-slate-900">{t(`statuses.${status}.next`)}</dd>
                </dl>
                {target && (
                  <p className="mt-2 text-sm text-slate-700">{t('serviceTarget', { count: target.workingDays })}</p>
                )}
              </li>
            );
          })}
        </ol>
        <p className="mt-4">
          <Link to="/performance" className={LINK}>
            {t('seePerformance')}
          </Link>
        </p>
      </Card>

      <Card id="roles" aria-labelledby="roles-title">
        <h2 id="roles-title" className="text-lg font-semibold text-slate-900">
          {t('rolesTitle')}
        </h2>
        <div className="mt-4 space-y-4">
          {ROLES.map((role) => (
            <section key={role} id={`role-${role}`} aria-labelledby={`role-${role}-title`}>
              <h3 id={`role-${role}-title`} className="font-semibold text-slate-900">
                {t(`roles.${role}.title`)}
              </h3>
              <p className="text-slate-800">{t(`roles.${role}.body`)}</p>
            </section>
          ))}
        </div>
      </Card>

      <Card id="fees" aria-labelledby="fees-title">
        <h2 id="fees-title" className="text-lg font-semibold text-slate-900">
          {t('feesTitle')}
        </h2>
        <p className="mt-1 text-slate-700">{t('feesIntro', { days: FEES.invoiceDueDays })}</p>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-800">
          <li>
            {t('fees.processing', {
              fee: formatRupees(FEES.processingFee),
              gst: percent(FEES.gstRate),
              total: formatRupees(processingFeeWithGst()),
            })}
          </li>
          <li>{t('fees.emd', { rate: percent(FEES.emdRateOfValuation) })}</li>
          <li>{t('fees.premium', { rate: percent(FEES.premiumInstalmentRateOfValuation) })}</li>
          <li>{t('fees.dues')}</li>
        </ul>
        <p className="mt-3">
          <Link to="/fees" className={LINK}>
            {t('seeFees')}
          </Link>
        </p>
      </Card>

      <Card id="glossary" aria-labelledby="glossary-title">
        <h2 id="glossary-title" className="text-lg font-semibold text-slate-900">
          {t('glossaryTitle')}
        </h2>
        <dl className="mt-4 space-y-3">
          {GLOSSARY_TERMS.map((term) => (
            <div key={term} id={`term-${term}`}>
              <dt className="font-semibold text-slate-900">{t(`glossary.${term}.term`)}</dt>
              <dd className="text-slate-800">{t(`glossary.${term}.meaning`)}</dd>
            </div>
          ))}
        </dl>
      </Card>
    </div>
  );
}
