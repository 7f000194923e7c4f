/** The English catalogues that the entry chunk leaves out, in one chunk of their own (see loadEnglishCatalogues in
 * ./i18n): those of every feature but auth, and of every shared component but ui and form. */
// A catalogue is i18n.ts's Catalogue, spelt out: importing it from there would close a cycle with its dynamic import.
export const ENGLISH_CATALOGUES = import.meta.glob<Record<string, unknown>>(
  [
    '../features/**/i18n/en.json',
    '!../features/auth/i18n/en.json',
    '../components/**/i18n/en.json',
    '!../components/ui/i18n/en.json',
    '!../components/form/i18n/en.json',
  ],
  { eager: true, import: 'default' },
);
