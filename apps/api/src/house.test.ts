/** The API's house keeps its arrows pointing down (eslint.config.js, `apiAreas` and `layer`): a business area's
 * modules over its rules over its repositories, and below every area what they share (the case engine, the shared
 * repositories, lib/, core/, db/). Each import below is linted as if written in the file named, so a loosened rule
 * fails here, not only in a review. */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SRC = 'apps/api/src';

const eslint = new ESLint({ cwd: ROOT });

/** The import-boundary messages the line gets in a file at `file` (relative to the API's src/). */
async function refusals(file: string, specifier: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { x } from '${specifier}';\nexport const y = x;\n`, {
    filePath: path.join(ROOT, SRC, file),
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
];

describe("the API's arrows point down", () => {
  it.each(ALLOWED)('%s may import %s', async (file, specifier) => {
    expect(await refusals(file, specifier)).toEqual([]);
  });

  it.each(REFUSED)('%s may not import %s', async (file, specifier) => {
    expect(await refusals(file, specifier)).toHaveLength(1);
  });
});
