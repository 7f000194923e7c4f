/** Where the state's single window sends its investor (decision 036): the handoff token in the address is exchanged
 * once for a session, and the investor lands signed in on their draft (or on choosing a plot, for a CAF that named
 * none). A refused token signs nobody in: the page says why and where to go. */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../../components/ui/page-header';
import { Spinner } from '../../../../components/ui/spinner';
import { changeLanguage, storedLanguage } from '../../../../lib/i18n';
import { storeSession } from '../../../../lib/session-storage';
import { takeHandoff } from '../api/handoff';

export default function HandoffPage() {
  const { t } = useTranslation('handoff');
  const [params] = useSearchParams();
  const [refused, setRefused] = useState(false);
  const started = useRef(false);
  const cafId = params.get('caf') ?? '';
  const token = params.get('token') ?? '';

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // The token is used once; it leaves the address bar (and the browser's history) at once.
    window.history.replaceState(null, '', window.location.pathname);
    if (!cafId || !token) {
      setRefused(true);
      return;
    }
    takeHandoff(cafId, token)
      .then(async ({ session, language, answer }) => {
        storeSession(session);
        if (language !== storedLanguage()) await changeLanguage(language).catch(() => undefined);
        // A fresh page, so the whole app starts with the new session.
        window.location.replace(
          answer.application_id
            ? `/applications/${answer.application_id}`
            : `/single-window/cafs/${encodeURIComponent(answer.caf_id)}`,
        );
      })
      .catch(() => setRefused(true));
  }, [cafId, token]);

  return (
    <>
      <PageHeader title={t('title')} />
      {refused ? (
        <div role="alert" className="rounded-lg border-l-4 border-red-700 bg-red-50 p-4 text-red-900">
          <p className="font-semibold">{t('refused.heading')}</p>
          <p className="mt-2">{t('refused.body')}</p>
          <p className="mt-4">
            <a className="font-medium text-blue-800 underline" href="/login">
              {t('refused.signIn')}
            </a>
          </p>
        </div>
      ) : (
        <Spinner label={t('working')} />
      )}
    </>
  );
}
