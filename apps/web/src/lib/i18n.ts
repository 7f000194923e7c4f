/** i18next setup. English is bundled in two parts: the catalogues of the sign-in page and the page frame (app, auth,
 * ui, form) in the entry, and every other English catalogue in one chunk that each lazily loaded page waits for
 * (loadEnglishCatalogues), so the sign-in page does not carry the words of the whole portal. Hindi and Telugu are
 * loaded when chosen, with their fonts, so an English reader downloads neither. The choice is kept in this browser
 * (and on the user, see features/auth), and <html lang> and the shared formatters follow it. */
import i18n, { type Resource, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, setDisplayLanguage, type Language } from '@portal/contract';
import common from '../app/i18n/en.json';

export type Catalogue = Record<string, unknown>;

/** The English words of the sign-in page and of the frame around every page. */
const entryCatalogues = import.meta.glob<Catalogue>(
  ['../features/auth/i18n/en.json', '../components/ui/i18n/en.json', '../components/form/i18n/en.json'],
  { eager: true, import: 'default' },
);
/** Every Hindi and Telugu catalogue, each its own chunk, fetched when its language is chosen. */
const otherCatalogues = import.meta.glob<Catalogue>(
  ['../app/i18n/{hi,te}.json', '../features/**/i18n/{hi,te}.json', '../components/**/i18n/{hi,te}.json'],
  { import: 'default' },
);

/** The namespace is the folder that holds the i18n folder, whatever business area's folder holds it:
 * '../features/money/refunds/i18n/en.json' → 'refunds';
 * the app's own catalogue is the default namespace, 'common'. */
export function namespaceOf(path: string): string {
  const parts = path.split('/');
  const at = parts.lastIndexOf('i18n');
  const folder = parts[at - 1] ?? path;
  return folder === 'app' ? 'common' : folder;
}

function englishResources(): Resource {
  const en: ResourceLanguage = { common };
  for (const [path, catalogue] of Object.entries(entryCatalogues)) en[namespaceOf(path)] = catalogue;
  return { en };
}

const resources = englishResources();

void i18n.use(initReactI18next).init({
  resources,
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  ns: Object.keys(resources.en ?? {}),
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
  react: { useSuspense: false },
  returnNull: false,
});

const STORAGE_KEY = 'language';

/** The bundled faces of a language, and a letter of its script. The faces are fetched before the language's words
 * are shown: text laid out before its face arrives may keep showing empty boxes where the machine has no font for
 * the script (seen with bold headings in Chromium). */
const FONTS: Partial<Record<Language, { family: string; sample: string; css: () => Promise<unknown> }>> = {
  hi: {
    family: 'Noto Sans Devanagari',
    sample: 'क',
    css: () =>
      Promise.all([
        import('@fontsource/noto-sans-devanagari/400.css'),
        import('@fontsource/noto-sans-devanagari/700.css'),
      ]),
  },
  te: {
    family: 'Noto Sans Telugu',
    sample: 'క',
    css: () =>
      Promise.all([import('@fontsource/noto-sans-telugu/400.css'), import('@fontsource/noto-sans-telugu/700.css')]),
  },
};

async function loadFonts(language: Language): Promise<void> {
  const font = FONTS[language];
  if (!font) return;
  await font.css();
  if (typeof document === 'undefined' || !document.fonts?.load) return;
  // A face that fails to arrive leaves the system's fonts in charge; that is no reason to refuse the language.
  await Promise.all(
    ['400', '700'].map((weight) => document.fonts.load(`${weight} 16px "${font.family}"`, font.sample).catch(() => [])),
  );
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language this browser last chose, or English. */
export function storedLanguage(): Language {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return isLanguage(stored) ? stored : 'en';
  } catch {
    return 'en';
  }
}

const CHOSEN_SIGNED_OUT_KEY = 'language-chosen-signed-out';

/** The language chosen on a signed-out page (the sign-in page) in this tab, if any: sign-in stores it on the account. */
export function languageChosenSignedOut(): Language | null {
  try {
    const chosen = sessionStorage.getItem(CHOSEN_SIGNED_OUT_KEY);
    sessionStorage.removeItem(CHOSEN_SIGNED_OUT_KEY);
    return isLanguage(chosen) ? chosen : null;
  } catch {
    return null;
  }
}

/** Notes a choice made while signed out, for languageChosenSignedOut. */
export function noteLanguageChosenSignedOut(language: Language): void {
  try {
    sessionStorage.setItem(CHOSEN_SIGNED_OUT_KEY, language);
  } catch {
    // Without storage the account's language applies at sign-in.
  }
}

let englishLoaded: Promise<void> | undefined;

/** Adds the English catalogues that the entry leaves out (all but the sign-in page's and the frame's), once; a page
 * that shows their words waits for this before it renders. */
export function loadEnglishCatalogues(): Promise<void> {
  englishLoaded ??= import('./i18n-english').then(({ ENGLISH_CATALOGUES }) => {
    for (const [path, catalogue] of Object.entries(ENGLISH_CATALOGUES)) {
      i18n.addResourceBundle('en', namespaceOf(path), catalogue, true, true);
    }
  });
  return englishLoaded;
}

const loaded = new Set<Language>(['en']);

async function loadCatalogues(language: Language): Promise<void> {
  if (loaded.has(language)) return;
  const suffix = `/${language}.json`;
  const entries = Object.entries(otherCatalogues).filter(([path]) => path.endsWith(suffix));
  await Promise.all([
    ...entries.map(async ([path, load]) => {
      i18n.addResourceBundle(language, namespaceOf(path), await load(), true, true);
    }),
    loadFonts(language),
  ]);
  loaded.add(language);
}

/** Switches every screen to the language: its catalogues and font first, then i18next, the formatters and
 * <html lang>, and remembers the choice in this browser. */
export async function changeLanguage(language: Language): Promise<void> {
  await loadCatalogues(language);
  setDisplayLanguage(language);
  document.documentElement.lang = language;
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private modes may refuse storage; the choice then lasts this visit.
  }
  await i18n.changeLanguage(language);
}

export default i18n;
