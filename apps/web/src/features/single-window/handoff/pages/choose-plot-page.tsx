/** A CAF from the state's single window that named no plot (decision 036): the investor sees what the single window
 * sent and chooses an available plot in the park it asked for; the draft is made, prefilled, and opened. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { formatNumber, formatRupees, type Asset, type OwnCaf } from '@portal/contract';
import { useAvailableAssetPage } from '../../../../api/assets';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { PageHeader } from '../../../../components/ui/page-header';
import { QueryState } from '../../../../components/ui/query-state';
import { errorDetail } from '../../../../lib/api-client';
import { useCompleteCaf, useOwnCaf } from '../api/handoff';

function PlotChoice({ caf }: { caf: OwnCaf }) {
  const { t } = useTranslation('handoff');
  const navigate = useNavigate();
  const plots = useAvailableAssetPage({ zone: caf.park, limit: 50, sort: 'asset_code' });
  const complete = useCompleteCaf(caf.caf_id);
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (complete.isPending) return;
    if (!chosen) return setError(t('choose.required'));
    setError(undefined);
    complete.mutate(chosen, {
      onSuccess: (made) => void navigate(`/applications/${made.application_id}`),
      onError: (failure) => setError(errorDetail(failure, t('choose.failed'))),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-describedby={error ? 'choose-plot-error' : undefined}>
      {error && (
        <p id="choose-plot-error" role="alert" className="mb-4 font-semibold text-red-800">
          {error}
        </p>
      )}
      <QueryState query={plots} errorMessage={t('choose.loadFailed')}>
        {(page) =>
          page.items.length === 0 ? (
            <p>{t('choose.none', { park: caf.park })}</p>
          ) : (
            <fieldset>
              <legend className="mb-2 font-semibold">{t('choose.legend', { park: caf.park })}</legend>
              <ul className="space-y-2">
                {page.items.map((plot: Asset) => (
                  <li key={plot.id}>
                    <div className="flex min-h-11 items-center gap-3 rounded border border-slate-300 p-3">
                      <input
                        id={`plot-${plot.id}`}
                        type="radio"
                        name="plot"
                        value={plot.id}
                        checked={chosen === plot.id}
                        onChange={() => setChosen(plot.id)}
                        className="h-5 w-5"
                      />
                      <label htmlFor={`plot-${plot.id}`} className="cursor-pointer">
                        <span className="font-medium">{plot.asset_code}</span>
                        <span className="block text-sm text-slate-700">
                          {t('choose.plotFacts', {
                            location: plot.location,
                            area: `${formatNumber(plot.total_area)} ${t(`units.${plot.unit}`)}`,
                            valuation: formatRupees(plot.valuation),
                          })}
                        </span>
                      </label>
                    </div>
                  </li>
                ))}
              </ul>
            </fieldset>
          )
        }
      </QueryState>
      <Button type="submit" className="mt-4" busy={complete.isPending} busyText={t('choose.submitting')}>
        {t('choose.submit')}
      </Button>
    </form>
  );
}

export default function ChoosePlotPage() {
  const { t } = useTranslation('handoff');
  const { cafId = '' } = useParams();
  const caf = useOwnCaf(cafId);
  return (
    <>
      <PageHeader title={t('choose.title')} subtitle={t('choose.subtitle')} />
      <QueryState query={caf} errorMessage={t('choose.cafLoadFailed')}>
        {(own) => (
          <div className="space-y-6">
            <Card title={t('caf.title', { caf: own.caf_id })}>
              <dl className="grid gap-3 sm:grid-cols-2">
                <div>
                  <dt className="text-sm text-slate-700">{t('caf.applicationNumber')}</dt>
                  <dd className="font-medium">{own.application_number}</dd>
                </div>
                <div>
                  <dt className="text-sm text-slate-700">{t('caf.park')}</dt>
                  <dd className="font-medium">{own.park}</dd>
                </div>
                <div>
                  <dt className="text-sm text-slate-700">{t('caf.investment')}</dt>
                  <dd className="font-medium tabular-nums">{formatRupees(own.estimated_investment)}</dd>
                </div>
                <div>
                  <dt className="text-sm text-slate-700">{t('caf.employment')}</dt>
                  <dd className="font-medium tabular-nums">{formatNumber(own.employment_generation)}</dd>
                </div>
                <div className="sm:col-span-2">
                  <dt className="text-sm text-slate-700">{t('caf.project')}</dt>
                  <dd>{own.project_description}</dd>
                </div>
              </dl>
            </Card>
            {own.application_id ? (
              <p>
                <a className="font-medium text-blue-800 underline" href={`/applications/${own.application_id}`}>
                  {t('caf.openDraft')}
                </a>
              </p>
            ) : (
              <Card title={t('choose.cardTitle')}>
                <PlotChoice caf={own} />
              </Card>
            )}
          </div>
        )}
      </QueryState>
    </>
  );
}
