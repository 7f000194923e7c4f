// The public help: an entry for every application status (meaning, whom it waits on, what to do next) in English,
// Hindi and Telugu, each at its own #status-<status> anchor; help per role, the fees from the contract's rules, and
// the glossary; open signed out and signed in.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { APPLICATION_STATUSES, FEES, formatRupees, ROLES } from '@portal/contract';
import { changeLanguage } from '../../../lib/i18n';
import { renderApp, signedInAs, stubFetch } from '../../../test/render-app';
import en from '../i18n/en.json';
import hi from '../i18n/hi.json';
import te from '../i18n/te.json';
import { GLOSSARY_TERMS } from './help-page';

type Entry = Record<string, string>;
const catalogues = { en, hi, te } as const;

describe('help page', () => {
  it('has an entry for every status in all three languages, each in its own words', () => {
    for (const status of APPLICATION_STATUSES) {
      const english = (en.statuses as Record<string, Entry>)[status];
      for (const [language, catalogue] of Object.entries(catalogues)) {
        const entry = (catalogue.statuses as Record<string, Entry | undefined>)[status];
        expect(entry, `${language} ${status}`).toBeDefined();
        for (const field of ['name', 'meaning', 'waitsOn', 'next']) {
          expect(entry![field]?.trim(), `${language} ${status}.${field}`).toBeTruthy();
          // A translation, not the English copied over.
          if (language !== 'en') expect(entry![field], `${language} ${status}.${field}`).not.toBe(english![field]);
        }
      }
    }
    for (const [language, catalogue] of Object.entries(catalogues)) {
      for (const role of ROLES) {
        expect((catalogue.roles as Record<string, Entry>)[role]?.body, `${language} ${role}`).toBeTruthy();
      }
      for (const term of GLOSSARY_TERMS) {
        expect((catalogue.glossary as Record<string, Entry>)[term]?.meaning, `${language} ${term}`).toBeTruthy();
      }
    }
  });

  // Product decisions give the legal officer no step of its own (it reads; zonal managers, the head office and admins
  // issue and decide show-cause notices), so its help promises no advice it has nowhere to give, nor a register its
  // routes do not open.
  it('tells the legal officer what it does, in all three languages, and promises no advice', () => {
    const advice = { en: /advis/i, hi: /सलाह/, te: /సలహా/ } as const;
    const register = { en: /register/, hi: /रजिस्टर/, te: /రిజిస్టర్/ } as const;
    for (const [language, catalogue] of Object.entries(catalogues) as [keyof typeof catalogues, typeof en][]) {
      const body = (catalogue.roles as Record<string, Entry>).legal!.body!;
      expect(body, language).not.toMatch(advice[language]);
      expect(body, language).not.toMatch(register[language]);
    }
  });

  it('shows every status at its anchor, the roles, the fees and the glossary, signed out', async () => {
    stubFetch();
    renderApp('/help');
    expect(await screen.findByRole('heading', { level: 1, name: 'Help' })).toBeInTheDocument();
    for (const status of APPLICATION_STATUSES) {
      const entry = document.getElementById(`status-${status}`);
      expect(entry, status).not.toBeNull();
      expect(
        within(entry!).getByRole('heading', { name: (en.statuses as Record<string, Entry>)[status]!.name }),
      ).toBeInTheDocument();
    }
    const scrutiny = document.getElementById('status-under_scrutiny')!;
    expect(scrutiny).toHaveTextContent('Our promise: 15 working days at this stage.');
    expect(within(document.getElementById('status-draft')!).queryByText(/Our promise/)).toBeNull();
    for (const role of ROLES) {
      expect(screen.getByRole('heading', { name: en.roles[role].title })).toBeInTheDocument();
    }
    // The fees come from the contract's rules.
    expect(
      screen.getByText(
        new RegExp(`Processing fee: ${formatRupees(FEES.processingFee).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/Earnest money deposit \(EMD\): 10% of the plot's value/)).toBeInTheDocument();
    expect(screen.getByText(en.glossary.deemed_approval.term)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: en.seeFees })).toHaveAttribute('href', '/fees');
  }, 20_000);

  it('brings the linked status into focus, signed in', async () => {
    signedInAs('entrepreneur');
    stubFetch();
    renderApp('/help#status-pending_payment');
    const entry = await screen.findByRole('listitem', { name: en.statuses.pending_payment.name });
    await expect.poll(() => document.activeElement).toBe(entry);
  });

  it.each([
    ['hi', hi],
    ['te', te],
  ] as const)(
    'reads in %s',
    async (language, words) => {
      stubFetch();
      renderApp('/help');
      await screen.findByRole('heading', { level: 1, name: en.title });
      await changeLanguage(language);
      try {
        expect(
          await screen.findByRole('heading', { level: 1, name: words.title }, { timeout: 10_000 }),
        ).toBeInTheDocument();
        expect(screen.getByRole('heading', { name: words.statuses.withdrawn.name })).toBeInTheDocument();
        expect(screen.getByText(words.glossary.emd.meaning)).toBeInTheDocument();
      } finally {
        await changeLanguage('en');
      }
    },
    20_000,
  );
});
