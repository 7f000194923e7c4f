/** The house keeps its arrows pointing down (eslint.config.js: `apiAreas`, `layer`, `webAreas`). In the API a
 * business area's modules over its rules over its repositories, and below every area what they share (the case engine,
 * the shared repositories, lib/, core/, db/); in the web app an area's features over its components, and below every
 * area the shared components, api/ and lib/. One lint configuration draws both apps, so both are proven here: each
 * import below is linted as if written in the file named, and a loosened rule fails here, not only in a review. */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const API = 'apps/api/src';
const WEB = 'apps/web/src';

const eslint = new ESLint({ cwd: ROOT });

/** The import-boundary messages the line gets in a file at `file` (relative to the API's src/, or the repository's
 * root for a path of the web app). */
async function refusals(file: string, specifier: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { x } from '${specifier}';\nexport const y = x;\n`, {
    filePath: file.startsWith(WEB) ? path.join(ROOT, file) : path.join(ROOT, API, file),
  });
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const ALLOWED: [string, string][] = [
  // A module reads its own area's and other areas' rules and rows, and what every area shares.
  ['modules/money/billing/house-sample.ts', '../rules/payments'],
  ['modules/money/billing/house-sample.ts', '../repositories/refunds'],
  ['modules/money/billing/house-sample.ts', '../../estate/rules/estate'],
  ['modules/money/billing/house-sample.ts', '../../estate/repositories/service-requests'],
  ['modules/money/billing/house-sample.ts', '../../../case/engine'],
  ['modules/money/billing/house-sample.ts', '../../../repositories/invoices'],
  ['modules/dashboard/house-sample.ts', '../applications/rules/inbox'],
  // An area's rules read rules and rows of any area, and the engine.
  ['modules/money/rules/house-sample.ts', '../repositories/payments'],
  ['modules/money/rules/house-sample.ts', './invoices'],
  ['modules/money/rules/house-sample.ts', '../../applications/rules/transition'],
  ['modules/money/rules/house-sample.ts', '../../../case/events'],
  ['modules/money/rules/house-sample.ts', '../../../lib/sweeps'],
  // An area's rows read rows.
  ['modules/money/repositories/house-sample.ts', './payments'],
  ['modules/money/repositories/house-sample.ts', '../../estate/repositories/service-requests'],
  ['modules/money/repositories/house-sample.ts', '../../../repositories/invoices'],
  ['modules/money/repositories/house-sample.ts', '../../../core/dates'],
  // A web feature reads its area's components and other areas', and what every area shares.
  [`${WEB}/features/money/refunds/pages/house-sample.tsx`, '../../components/payments/challan/challan-option'],
  [`${WEB}/features/money/refunds/pages/house-sample.tsx`, '../../../estate/components/milestones/milestone-list'],
  [`${WEB}/features/money/refunds/pages/house-sample.tsx`, '../components/refund-list'],
  [`${WEB}/features/money/refunds/pages/house-sample.tsx`, '../../../../components/ui/button'],
  [`${WEB}/features/dashboard/pages/house-sample.tsx`, '../../money/components/payments/challan/challan-option'],
  [`${WEB}/features/money/components/payments/house-sample.tsx`, '../account-statement/statement-link'],
  [`${WEB}/features/money/components/payments/house-sample.tsx`, '../../../documents/components/letters/letterhead'],
];

const REFUSED: [string, string][] = [
  // A module imports no other module, in its area or in another.
  ['modules/money/billing/house-sample.ts', '../gateway/service'],
  ['modules/money/billing/house-sample.ts', '../../estate/allotments/service'],
  ['modules/money/billing/house-sample.ts', '../../dashboard/service'],
  ['modules/dashboard/house-sample.ts', '../money/billing/service'],
  ['modules/dashboard/house-sample.ts', '../reports/service'],
  // An area's rules import no module.
  ['modules/money/rules/house-sample.ts', '../billing/service'],
  ['modules/money/rules/house-sample.ts', '../../estate/allotments/service'],
  ['modules/money/rules/house-sample.ts', '../../dashboard/service'],
  ['modules/money/rules/house-sample.ts', '../../../plugins/auth'],
  // An area's rows import no rule, module or helper above the rows.
  ['modules/money/repositories/house-sample.ts', '../rules/payments'],
  ['modules/money/repositories/house-sample.ts', '../billing/service'],
  ['modules/money/repositories/house-sample.ts', '../../estate/rules/estate'],
  ['modules/money/repositories/house-sample.ts', '../../../lib/tokens'],
  ['modules/money/repositories/house-sample.ts', '../../../case/engine'],
  // What every area shares imports no area.
  ['case/house-sample.ts', '../modules/money/rules/payments'],
  ['case/house-sample.ts', '../modules/money/repositories/payments'],
  ['repositories/house-sample.ts', '../modules/money/repositories/payments'],
  ['lib/house-sample.ts', '../modules/money/rules/payments'],
  ['core/house-sample.ts', '../modules/money/repositories/payments'],
  ['db/house-sample.ts', '../modules/money/repositories/payments'],
  // A web feature imports no other feature, in its area or another.
  [`${WEB}/features/money/refunds/pages/house-sample.tsx`, '../../adjustments/pages/adjustments-page'],
  [`${WEB}/features/money/refunds/pages/house-sample.tsx`, '../../../estate/allotments/pages/my-plots-page'],
  [`${WEB}/features/money/refunds/pages/house-sample.tsx`, '../../../dashboard/pages/dashboard-page'],
  [`${WEB}/features/dashboard/pages/house-sample.tsx`, '../../money/refunds/pages/refunds-page'],
  // An area's components import no feature.
  [`${WEB}/features/money/components/payments/house-sample.tsx`, '../../refunds/pages/refunds-page'],
  [`${WEB}/features/money/components/payments/house-sample.tsx`, '../../../estate/allotments/pages/my-plots-page'],
  // The shared components, api/ and lib/ import no feature, and the web app nothing of the API.
  [`${WEB}/components/ui/house-sample.tsx`, '../../features/money/components/payments/challan/challan-option'],
  [`${WEB}/lib/house-sample.ts`, '../features/auth/pages/login-page'],
  [`${WEB}/api/house-sample.ts`, '../features/money/refunds/api/refunds'],
  [`${WEB}/features/money/refunds/pages/house-sample.tsx`, '../../../../../../api/src/core/dates'],
];

describe("the house's arrows point down", () => {
  it.each(ALLOWED)('%s may import %s', async (file, specifier) => {
    expect(await refusals(file, specifier)).toEqual([]);
  });

  it.each(REFUSED)('%s may not import %s', async (file, specifier) => {
    expect(await refusals(file, specifier)).toHaveLength(1);
  });
});
