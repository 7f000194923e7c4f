/** i18next setup: every catalogue (app, features, shared components) loaded at build time; English only for now. */
import i18n, { type Resource, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import common from '../app/i18n/en.json';

type Catalogue = Record<string, unknown>;

const featureCatalogues = import.meta.glob<Catalogue>('../features/*/i18n/en.json', { eager: true, import: 'default' });
const componentCatalogues = import.meta.glob<Catalogue>('../components/**/i18n/en.json', {
  eager: true,
  import: 'default',
});

/** The namespace is the folder that holds the i18n folder: '../features/applications/i18n/en.json' → 'applications'. */
export function namespaceOf(path: string): string {
  const parts = path.split('/');
  const at = parts.lastIndexOf('i18n');
  return parts[at - 1] ?? path;
}

function englishResources(): Resource {
  const en: ResourceLanguage = { common };
  for (const [path, catalogue] of Object.entries({ ...componentCatalogues, ...featureCatalogues })) {
    en[namespaceOf(path)] = catalogue;
  }
  return { en };
}

const resources = englishResources();

void i18n.use(initReactI18next).init({
  resources,
  lng: 'en',
  fallbackLng: 'en',
  ns: Object.keys(resources.en ?? {}),
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
  react: { useSuspense: false },
  returnNull: false,
});

export default i18n;
