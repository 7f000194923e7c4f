/** The language choice: each language named in itself (a reader who cannot read the current one still finds theirs).
 * Signed in, the choice is also stored on the user, so their mail and letters come in it. */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@portal/contract';
import { api } from '../../lib/api-request';
import { changeLanguage, isLanguage, noteLanguageChosenSignedOut } from '../../lib/i18n';
import { cn } from '../ui/cn';

const ENDONYMS: Record<Language, string> = { en: 'English', hi: 'हिन्दी', te: 'తెలుగు' };

export interface LanguageSwitcherProps {
  /** Store the choice on the signed-in user as well. */
  signedIn: boolean;
  /** Light text for the dark top bar, dark text on a light page. */
  tone?: 'onDark' | 'onLight';
}

export function LanguageSwitcher({ signedIn, tone = 'onDark' }: LanguageSwitcherProps) {
  const { t, i18n } = useTranslation('ui');
  const id = useId();
  const [busy, setBusy] = useState(false);
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';

  const choose = async (language: Language) => {
    setBusy(true);
    try {
      await changeLanguage(language);
      // The screens have switched whatever the server says; a failure here only means mail keeps the old language.
      if (signedIn) await api.patch('/auth/me', { language }).catch(() => undefined);
      else noteLanguageChosenSignedOut(language);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">
        {t('language')}
      </label>
      <select
        id={id}
        value={current}
        aria-busy={busy}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void choose(event.target.value);
        }}
        className={cn(
          'min-h-11 rounded-md border px-2 font-medium',
          tone === 'onDark' ? 'border-white/40 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-900',
        )}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {ENDONYMS[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
