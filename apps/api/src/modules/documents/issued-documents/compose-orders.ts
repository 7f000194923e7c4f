/** The words and facts of the orders of an allotment's life (decision 014): the order of a service request that took
 * effect (extension, transfer, change, mortgage NOC, subletting, surrender), a show-cause notice and the order that
 * decided it. Each prints its number and date, the holder, the allotment and its plot, what is ordered with its facts,
 * what it answers, and the signoff. As compose.ts, nothing here touches the database or the PDF. */
import {
  ALLOTTEE_SERVICES,
  ESTATE_TERMS,
  MILESTONE_KINDS,
  type IssuedDocumentFacts,
  type IssuedDocumentKind,
  type MilestoneKind,
  type ServiceRequestType,
} from '@portal/contract';
import { isoDay } from '../../../core/dates';
import type { AllotmentRow } from '../../../repositories/allotments';
import type { AssetRow } from '../../../repositories/assets';
import type { OrderServiceRequestRow, ShowCauseRow } from '../repositories/issued-orders';
import { amountText, assetRows, locationOf } from './compose';
import type { Block, DocumentContent } from './content';
import { fill, type DocumentLanguage } from './texts';
import { clock } from '../../../core/clock';

/** Whom an order is addressed to: the holder's organisation and address lines (none when no profile is on record). */
export interface OrderHolder {
  name: string;
  address: string[];
}

interface OrderBase {
  allotment: AllotmentRow;
  asset: AssetRow;
  holder: OrderHolder;
  corporation: string;
}

export interface ServiceOrderRecords extends OrderBase {
  /** A service request that took effect (took_effect_at, order_number and outcome are set). */
  request: OrderServiceRequestRow;
}

export interface ShowCauseRecords extends OrderBase {
  showCause: ShowCauseRow;
}

type Outcome = Record<string, string | number | boolean | null>;
type Row = readonly [string, string];
type Change = 'name' | 'constitution' | 'activity';

const CHANGED_BY_TYPE: Partial<Record<ServiceRequestType, Change>> = {
  change_name: 'name',
  change_constitution: 'constitution',
  activity_change: 'activity',
};

const text = (outcome: Outcome, key: string): string => {
  const value = outcome[key];
  return value === null || value === undefined ? '' : String(value);
};
const amount = (outcome: Outcome, key: string): number | undefined => {
  const value = outcome[key];
  if (value === null || value === undefined || value === '') return undefined;
  const read = Number(value);
  return Number.isFinite(read) ? read : undefined;
};
const isMilestone = (value: string): value is MilestoneKind => (MILESTONE_KINDS as readonly string[]).includes(value);
const isChange = (value: string): value is Change =>
  value === 'name' || value === 'constitution' || value === 'activity';

interface OrderParts {
  kind: IssuedDocumentKind;
  subjectId: string;
  number: string;
  /** The number line under the title ("Order No. ..."). */
  numberLine: string;
  date: Date | string;
  title: string;
  /** What the order answers (the request or the notice). */
  reference?: string;
  intro: Block[];
  ordered: Block[];
  facts: IssuedDocumentFacts;
}

/** The layout every order shares: number and date, addressee, subject, reference, the allotment and its plot, what is
 * ordered, signoff. */
function orderDocument(language: DocumentLanguage, base: OrderBase, parts: OrderParts): DocumentContent {
  const { allotment, asset, holder, corporation } = base;
  const { texts } = language;
  const words = texts.orders;
  const blocks: Block[] = [
    {
      type: 'meta',
      left: parts.numberLine,
      right: fill(texts.common.date, { date: language.format.date(parts.date) }),
    },
    { type: 'lines', lines: [texts.common.to, holder.name, ...holder.address] },
    {
      type: 'paragraph',
      bold: true,
      text: fill(words.subject, {
        title: parts.title,
        allotment: allotment.allotmentNumber,
        code: asset.assetCode,
        location: locationOf(asset),
      }),
    },
    ...(parts.reference ? [{ type: 'paragraph', text: parts.reference } as const] : []),
    { type: 'paragraph', text: words.salutation },
    ...parts.intro,
    { type: 'heading', text: words.allotmentDetails },
    {
      type: 'facts',
      rows: [
        [texts.labels.allotmentNumber, allotment.allotmentNumber],
        [texts.labels.organisation, holder.name],
        ...assetRows(language, asset),
      ],
    },
    { type: 'heading', text: words.ordered },
    ...parts.ordered,
    { type: 'signoff', lines: [fill(texts.common.forCorporation, { corporation }), texts.common.authorisedSignatory] },
  ];
  return {
    kind: parts.kind,
    subjectId: parts.subjectId,
    applicationId: allotment.applicationId,
    documentNumber: parts.number,
    holderName: holder.name,
    assetCode: asset.assetCode,
    facts: {
      ...parts.facts,
      allotment_number: allotment.allotmentNumber,
      asset_type: asset.type,
      location: locationOf(asset),
    },
    language: language.code,
    title: parts.title,
    blocks,
  };
}

/** What one service's order says it orders: the paragraphs, the table of its facts, and the facts for the verify page. */
interface Ordered {
  title: string;
  body: string;
  paragraphs: string[];
  rows: Row[];
  facts: IssuedDocumentFacts;
}

function orderedFor(language: DocumentLanguage, records: ServiceOrderRecords, effective: string): Ordered {
  const { request, asset } = records;
  const { texts } = language;
  const words = texts.orders;
  const { labels } = words;
  const outcome: Outcome = request.outcome ?? {};
  const kind = ALLOTTEE_SERVICES[request.requestType].order;
  const date = (key: string) => {
    const value = text(outcome, key);
    return value ? language.format.date(value) : texts.common.notAvailable;
  };
  switch (kind) {
    case 'extension_order': {
      const milestoneKey = text(outcome, 'milestone') || request.milestone || '';
      const milestone = isMilestone(milestoneKey) ? milestoneKey : undefined;
      const milestoneName = milestone ? words.milestones[milestone] : milestoneKey;
      const count = amount(outcome, 'extensions') ?? 1;
      const max = ESTATE_TERMS.maxExtensionsPerMilestone;
      const params = {
        milestone: milestoneName,
        due: date('due_on'),
        previous: date('previous_due_on'),
        count: language.format.number(count),
        max: language.format.number(max),
      };
      return {
        title: words.titles.extension_order,
        body: words.extension.body,
        paragraphs: [fill(words.extension.ordered, params)],
        rows: [
          [labels.milestone, milestoneName],
          [labels.previousDueOn, params.previous],
          [labels.dueOn, params.due],
          [labels.extension, fill(words.extensionValue, params)],
        ],
        facts: {
          ...(milestone ? { milestone } : {}),
          previous_due_on: text(outcome, 'previous_due_on'),
          due_on: text(outcome, 'due_on'),
        },
      };
    }
    case 'transfer_order': {
      const transferor = text(outcome, 'transferor');
      const transferee = text(outcome, 'transferee') || records.holder.name;
      return {
        title: words.titles.transfer_order,
        body: words.transfer.body,
        paragraphs: [
          fill(words.transfer.ordered, { transferor, transferee, date: effective }),
          ...(outcome.legal_heir === true ? [words.transfer.legalHeir] : []),
        ],
        rows: [
          [labels.transferor, transferor],
          [labels.transferee, transferee],
        ],
        facts: { transferor, transferee },
      };
    }
    case 'change_order': {
      const changedKey = text(outcome, 'changed');
      const changed = isChange(changedKey) ? changedKey : (CHANGED_BY_TYPE[request.requestType] ?? 'name');
      const previous = text(outcome, 'previous') || texts.common.notAvailable;
      const value = text(outcome, 'value');
      return {
        title: words.titles[`change_order_${changed}`],
        body: words.change.body,
        paragraphs: [fill(words.change.ordered, { changed: words.changed[changed], previous, value, date: effective })],
        rows: [
          [labels.changed, words.changed[changed]],
          [labels.previous, previous],
          [labels.value, value],
        ],
        facts: { changed, new_value: value },
      };
    }
    case 'mortgage_noc': {
      const lender = text(outcome, 'lender');
      const loan = amount(outcome, 'loan_amount') ?? 0;
      return {
        title: words.titles.mortgage_noc,
        body: words.mortgage.body,
        paragraphs: [fill(words.mortgage.ordered, { lender, amount: amountText(language, loan) })],
        rows: [
          [labels.lender, lender],
          [labels.loanAmount, amountText(language, loan)],
        ],
        facts: { lender, loan_amount: loan },
      };
    }
    case 'subletting_permission': {
      const subLessee = text(outcome, 'sub_lessee');
      const area = amount(outcome, 'sublet_area') ?? 0;
      const months = amount(outcome, 'months') ?? 0;
      const unit = texts.units[asset.unit];
      return {
        title: words.titles.subletting_permission,
        body: words.subletting.body,
        paragraphs: [
          fill(words.subletting.ordered, {
            subLessee,
            area: language.format.number(area),
            unit,
            months: language.format.number(months),
            date: effective,
          }),
        ],
        rows: [
          [labels.subLessee, subLessee],
          [fill(labels.subletArea, { unit }), language.format.number(area)],
          [labels.months, fill(words.monthsValue, { months: language.format.number(months) })],
        ],
        facts: { sub_lessee: subLessee, sublet_area: area, area_unit: asset.unit, months },
      };
    }
    case 'surrender_acceptance': {
      const endedOn = text(outcome, 'ended_on') || isoDay(request.tookEffectAt ?? clock.now());
      const refund = amount(outcome, 'refund_due');
      return {
        title: words.titles.surrender_acceptance,
        body: words.surrender.body,
        paragraphs: [
          fill(words.surrender.ordered, { date: language.format.date(endedOn) }),
          ...(refund === undefined ? [] : [fill(words.surrender.refund, { amount: amountText(language, refund) })]),
        ],
        rows: [
          [labels.endedOn, language.format.date(endedOn)],
          ...(refund === undefined ? [] : [[labels.refundDue, amountText(language, refund)] as const]),
        ],
        facts: { ended_on: endedOn },
      };
    }
  }
}

/** The order issued when a service request took effect, in its recipient's language. */
export function composeServiceOrder(language: DocumentLanguage, records: ServiceOrderRecords): DocumentContent {
  const { request } = records;
  const { texts } = language;
  const words = texts.orders;
  const orderNumber = request.orderNumber ?? '';
  const effectiveAt = request.tookEffectAt ?? clock.now();
  const ordered = orderedFor(language, records, language.format.date(effectiveAt));
  return orderDocument(language, records, {
    kind: ALLOTTEE_SERVICES[request.requestType].order,
    subjectId: request.id,
    number: orderNumber,
    numberLine: fill(words.orderNumber, { number: orderNumber }),
    date: effectiveAt,
    title: ordered.title,
    reference: fill(words.requestReference, {
      number: request.requestNumber,
      date: language.format.date(request.submittedAt),
    }),
    intro: [{ type: 'paragraph', text: ordered.body }],
    ordered: [
      ...ordered.paragraphs.map((paragraph): Block => ({ type: 'paragraph', text: paragraph })),
      {
        type: 'facts',
        rows: [
          [words.labels.orderNumber, orderNumber],
          [words.labels.requestNumber, request.requestNumber],
          ...ordered.rows,
        ],
      },
    ],
    facts: { order_number: orderNumber, request_number: request.requestNumber, ...ordered.facts },
  });
}

/** The show-cause notice: its grounds and the day by which to reply. */
export function composeShowCauseNotice(language: DocumentLanguage, records: ShowCauseRecords): DocumentContent {
  const { showCause } = records;
  const words = language.texts.orders;
  const replyBy = language.format.date(showCause.replyBy);
  return orderDocument(language, records, {
    kind: 'show_cause_notice',
    subjectId: showCause.id,
    number: showCause.noticeNumber,
    numberLine: fill(words.noticeNumber, { number: showCause.noticeNumber }),
    date: showCause.issuedAt,
    title: words.titles.show_cause_notice,
    intro: [{ type: 'paragraph', text: words.showCause.body }],
    ordered: [
      { type: 'heading', text: words.showCause.grounds },
      { type: 'paragraph', text: showCause.grounds },
      { type: 'paragraph', bold: true, text: fill(words.showCause.reply, { date: replyBy }) },
      { type: 'facts', rows: [[words.labels.replyBy, replyBy]] },
    ],
    facts: { reply_by: showCause.replyBy },
  });
}

/** The order deciding a show-cause notice: the allotment cancelled, or the notice dropped (the title says which). */
export function composeShowCauseOrder(language: DocumentLanguage, records: ShowCauseRecords): DocumentContent {
  const { showCause } = records;
  const words = language.texts.orders;
  const outcome = showCause.outcome ?? 'dropped';
  const decidedAt = showCause.decidedAt ?? clock.now();
  const refund = outcome === 'cancelled' && showCause.refundDue !== null ? showCause.refundDue : undefined;
  return orderDocument(language, records, {
    kind: 'cancellation_order',
    subjectId: showCause.id,
    number: showCause.noticeNumber,
    numberLine: fill(words.noticeNumber, { number: showCause.noticeNumber }),
    date: decidedAt,
    title: words.titles[`cancellation_order_${outcome}`],
    reference: fill(words.noticeReference, {
      number: showCause.noticeNumber,
      date: language.format.date(showCause.issuedAt),
    }),
    intro: [
      { type: 'heading', text: words.showCause.grounds },
      { type: 'paragraph', text: showCause.grounds },
      { type: 'heading', text: words.decision.hearing },
      { type: 'paragraph', text: showCause.hearingNote ?? language.texts.common.notAvailable },
    ],
    ordered: [
      { type: 'paragraph', bold: true, text: fill(words.decision[outcome], { date: language.format.date(decidedAt) }) },
      ...(refund === undefined
        ? []
        : [
            { type: 'paragraph', text: fill(words.decision.refund, { amount: amountText(language, refund) }) } as const,
          ]),
      {
        type: 'facts',
        rows: [
          [words.labels.outcome, words.decision.outcomes[outcome]],
          ...(refund === undefined ? [] : [[words.labels.refundDue, amountText(language, refund)] as const]),
        ],
      },
    ],
    facts: { outcome },
  });
}
