/** The words and facts of each kind of issued document, from the records it is about, in the recipient's language.
 * Nothing here touches the database or the PDF: the service gathers the records and the renderer lays the blocks out. */
import { maskBankAccount, possessionCertificateNumber } from '@portal/contract';
import { isoDay } from '../../../core/dates';
import type { AllotmentRow } from '../../../repositories/allotments';
import type { ApplicantRow } from '../../applications/repositories/applicants';
import type { ApplicationRow } from '../../../repositories/applications';
import type { AssetRow } from '../../../repositories/assets';
import type { InvoiceRow } from '../../../repositories/invoices';
import type { PaymentRow } from '../../money/repositories/payments';
import type { PossessionRow } from '../../estate/repositories/possessions';
import type { Block, DocumentContent } from './content';
import { fill, type DocumentLanguage } from './texts';

/** "₹1,05,000 (Rupees One Lakh Five Thousand Only)". */
export function amountText(language: DocumentLanguage, amount: number): string {
  return fill(language.texts.common.amount, {
    figures: language.format.rupees(amount),
    words: language.amountInWords(amount),
  });
}

export function addressLines(language: DocumentLanguage, applicant: ApplicantRow): string[] {
  return [
    applicant.address,
    fill(language.texts.common.addressLine, {
      city: applicant.city,
      state: applicant.state,
      pincode: applicant.pincode,
    }),
  ];
}

export function locationOf(asset: AssetRow): string {
  return `${asset.location}, ${asset.zone}`;
}

/** The asset's rows, shared by the acknowledgment and the letters. */
export function assetRows(language: DocumentLanguage, asset: AssetRow): Array<readonly [string, string]> {
  const { labels, assetTypes, units } = language.texts;
  return [
    [labels.assetCode, asset.assetCode],
    [labels.assetType, assetTypes[asset.type]],
    [labels.locationZone, locationOf(asset)],
    [labels.surveyNumber, asset.surveyNumber],
    ...(asset.plotNumber ? [[labels.plotNumber, asset.plotNumber] as const] : []),
    [fill(labels.area, { unit: units[asset.unit] }), language.format.number(asset.totalArea)],
    [labels.valuation, amountText(language, asset.valuation)],
  ];
}

export interface AcknowledgmentRecords {
  application: ApplicationRow;
  applicant: ApplicantRow;
  asset: AssetRow;
  /** The invoices raised on submission (processing fee, EMD). */
  invoices: InvoiceRow[];
}

export function composeAcknowledgment(language: DocumentLanguage, records: AcknowledgmentRecords): DocumentContent {
  const { application, applicant, asset, invoices } = records;
  const { texts } = language;
  const { labels } = texts;
  const words = texts.acknowledgment;
  const submitted = application.submittedAt ?? application.createdAt;
  const blocks: Block[] = [
    {
      type: 'meta',
      left: fill(words.number, { number: application.applicationNumber }),
      right: fill(texts.common.date, { date: language.format.date(submitted) }),
    },
    { type: 'paragraph', text: words.intro },
    { type: 'heading', text: words.applicant },
    {
      type: 'facts',
      rows: [
        [labels.organisation, applicant.organizationName],
        [labels.address, addressLines(language, applicant).join(', ')],
        [labels.pan, applicant.panNumber],
        [labels.gstin, applicant.gstNumber || texts.common.notAvailable],
        [labels.category, texts.categories[applicant.category]],
        [
          labels.bankAccount,
          fill(texts.common.bankAccount, {
            account: maskBankAccount(applicant.bankAccount),
            bank: applicant.bankName,
            ifsc: applicant.bankIfsc,
          }),
        ],
      ],
    },
    { type: 'heading', text: words.application },
    {
      type: 'facts',
      rows: [
        [labels.applicationNumber, application.applicationNumber],
        [labels.applicationType, texts.applicationTypes[application.applicationType]],
        [labels.submittedOn, language.format.dateTime(submitted)],
        [labels.estimatedInvestment, amountText(language, application.estimatedInvestment)],
        [labels.employment, fill(words.jobs, { count: language.format.number(application.employmentGeneration) })],
        [labels.projectDescription, application.projectDescription],
      ],
    },
    { type: 'heading', text: words.asset },
    { type: 'facts', rows: assetRows(language, asset) },
    { type: 'heading', text: words.fees },
    invoices.length
      ? {
          type: 'facts',
          rows: invoices.map(
            (invoice) =>
              [
                `${texts.invoiceTypes[invoice.invoiceType]}, ${invoice.invoiceNumber}`,
                fill(words.fee, {
                  amount: amountText(language, invoice.amount),
                  due: language.format.date(invoice.dueDate),
                }),
              ] as const,
          ),
        }
      : { type: 'paragraph', text: words.noFees },
    { type: 'paragraph', text: words.next },
    { type: 'paragraph', text: texts.common.computerGenerated },
  ];
  return {
    kind: 'acknowledgment',
    subjectId: application.id,
    applicationId: application.id,
    documentNumber: application.applicationNumber,
    holderName: applicant.organizationName,
    assetCode: asset.assetCode,
    facts: {
      application_number: application.applicationNumber,
      submitted_on: isoDay(submitted),
      asset_type: asset.type,
      location: locationOf(asset),
    },
    language: language.code,
    title: words.title,
    blocks,
  };
}

export interface ReceiptRecords {
  payment: PaymentRow;
  invoice: InvoiceRow;
  application: ApplicationRow;
  applicant: ApplicantRow;
  asset: AssetRow | undefined;
}

export function composeReceipt(language: DocumentLanguage, records: ReceiptRecords): DocumentContent {
  const { payment, invoice, application, applicant, asset } = records;
  const { texts } = language;
  const words = texts.receipt;
  const blocks: Block[] = [
    {
      type: 'meta',
      left: fill(words.number, { number: payment.receiptNumber }),
      right: fill(texts.common.date, { date: language.format.date(payment.paymentDate) }),
    },
    {
      type: 'facts',
      rows: [
        [words.receivedFrom, applicant.organizationName],
        [texts.labels.address, addressLines(language, applicant).join(', ')],
        [words.applicationNumber, application.applicationNumber],
        [words.invoiceNumber, invoice.invoiceNumber],
        [words.towards, texts.invoiceTypes[invoice.invoiceType]],
        [words.amount, language.format.rupees(payment.amount)],
        [words.amountInWords, language.amountInWords(payment.amount)],
        [words.paymentMethod, texts.paymentMethods[payment.paymentMethod]],
        [words.transactionReference, payment.transactionReference],
        [words.dateTime, language.format.dateTime(payment.paymentDate)],
        [words.status, texts.paymentStatuses[payment.status]],
      ],
    },
    { type: 'paragraph', text: words.note },
  ];
  return {
    kind: 'payment_receipt',
    subjectId: payment.id,
    applicationId: application.id,
    documentNumber: payment.receiptNumber,
    holderName: applicant.organizationName,
    assetCode: asset?.assetCode ?? null,
    facts: {
      receipt_number: payment.receiptNumber,
      application_number: application.applicationNumber,
      invoice_number: invoice.invoiceNumber,
      invoice_type: invoice.invoiceType,
      amount: payment.amount,
      payment_date: payment.paymentDate.toISOString(),
    },
    language: language.code,
    title: words.title,
    blocks,
  };
}

export interface LetterRecords {
  allotment: AllotmentRow;
  application: ApplicationRow;
  applicant: ApplicantRow;
  asset: AssetRow;
  corporation: string;
}

const TERMS = ['validity', 'commencement', 'balance', 'leaseDeed', 'cancellation', 'conversion'] as const;

/** The provisional or the final letter, as the allotment now stands. */
export function composeAllotmentLetter(language: DocumentLanguage, records: LetterRecords): DocumentContent {
  const { allotment, application, applicant, asset, corporation } = records;
  const { texts } = language;
  const words = texts.allotment;
  const type = allotment.allotmentType;
  const blocks: Block[] = [
    {
      type: 'meta',
      left: fill(words.reference, { number: allotment.allotmentNumber }),
      right: fill(texts.common.date, { date: language.format.date(allotment.allotmentDate) }),
    },
    { type: 'lines', lines: [texts.common.to, applicant.organizationName, ...addressLines(language, applicant)] },
    {
      type: 'paragraph',
      bold: true,
      text: fill(words[`subject_${type}`], {
        type: texts.assetTypes[asset.type].toLowerCase(),
        code: asset.assetCode,
        location: locationOf(asset),
      }),
    },
    { type: 'paragraph', text: fill(words.applicationReference, { number: application.applicationNumber }) },
    { type: 'paragraph', text: words.salutation },
    { type: 'paragraph', text: words[`body_${type}`] },
    { type: 'heading', text: words.assetDetails },
    { type: 'facts', rows: assetRows(language, asset) },
    { type: 'heading', text: words.termsTitle },
    {
      type: 'numbered',
      items: TERMS.map((term) => fill(words.terms[term], { date: language.format.date(allotment.expiryDate) })),
    },
    { type: 'signoff', lines: [fill(texts.common.forCorporation, { corporation }), texts.common.authorisedSignatory] },
  ];
  return {
    kind: type === 'final' ? 'final_allotment_letter' : 'provisional_allotment_letter',
    subjectId: allotment.id,
    applicationId: application.id,
    documentNumber: allotment.allotmentNumber,
    holderName: applicant.organizationName,
    assetCode: asset.assetCode,
    facts: {
      allotment_number: allotment.allotmentNumber,
      application_number: application.applicationNumber,
      allotment_date: allotment.allotmentDate,
      expiry_date: allotment.expiryDate,
      asset_type: asset.type,
      location: locationOf(asset),
      area: asset.totalArea,
      area_unit: asset.unit,
    },
    language: language.code,
    title: words[`title_${type}`],
    blocks,
  };
}

export interface CertificateRecords {
  possession: PossessionRow;
  allotment: AllotmentRow;
  applicant: ApplicantRow;
  asset: AssetRow;
  corporation: string;
}

export function composePossessionCertificate(language: DocumentLanguage, records: CertificateRecords): DocumentContent {
  const { possession, allotment, applicant, asset, corporation } = records;
  const { texts } = language;
  const { labels } = texts;
  const words = texts.possession;
  const unit = texts.units[asset.unit];
  const number = possessionCertificateNumber(possession.id);
  const blocks: Block[] = [
    {
      type: 'meta',
      left: fill(words.number, { number }),
      right: fill(texts.common.date, { date: language.format.date(possession.possessionDate) }),
    },
    { type: 'paragraph', text: words.intro },
    {
      type: 'facts',
      rows: [
        [labels.organisation, applicant.organizationName],
        [labels.address, addressLines(language, applicant).join(', ')],
        [labels.allotmentNumber, allotment.allotmentNumber],
        [labels.assetCode, asset.assetCode],
        [labels.assetType, texts.assetTypes[asset.type]],
        [labels.locationZone, locationOf(asset)],
        [labels.surveyNumber, asset.surveyNumber],
        [fill(words.totalArea, { unit }), language.format.number(asset.totalArea)],
        [fill(words.areaHandedOver, { unit }), language.format.number(possession.areaVerified)],
        [words.possessionDate, language.format.date(possession.possessionDate)],
        [words.boundaryMarked, possession.boundaryMarked ? texts.common.yes : texts.common.no],
        [words.remarks, possession.remarks || texts.common.notAvailable],
      ],
    },
    { type: 'signatures', captions: [words.allotteeSignature, words.officerSignature] },
    { type: 'signoff', lines: [fill(texts.common.forCorporation, { corporation }), texts.common.authorisedSignatory] },
  ];
  return {
    kind: 'possession_certificate',
    subjectId: allotment.id,
    applicationId: allotment.applicationId,
    documentNumber: number,
    holderName: applicant.organizationName,
    assetCode: asset.assetCode,
    facts: {
      certificate_number: number,
      allotment_number: allotment.allotmentNumber,
      possession_date: possession.possessionDate,
      asset_type: asset.type,
      location: locationOf(asset),
      area_handed_over: possession.areaVerified,
      area_unit: asset.unit,
    },
    language: language.code,
    title: words.title,
    blocks,
  };
}
