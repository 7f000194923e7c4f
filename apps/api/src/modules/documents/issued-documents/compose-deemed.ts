/** The letter of deemed approval (decision 017): a deemable stage left undecided past its limit was moved on by the
 * portal, and this letter tells the applicant so, in their language, with the verification code every issued document
 * carries. As compose.ts, nothing here touches the database or the PDF. */
import { DEFAULT_STAGE, type ApplicationStatus } from '@portal/contract';
import { isoDay } from '../../../core/dates';
import type { ApplicantRow } from '../../applications/repositories/applicants';
import type { ApplicationRow } from '../../../repositories/applications';
import type { AssetRow } from '../../../repositories/assets';
import { addressLines, assetRows, locationOf } from './compose';
import type { Block, DocumentContent } from './content';
import { fill, type DocumentLanguage } from './texts';

/** What the letter is about: the deemed move as the timeline recorded it. */
export interface DeemedMove {
  /** The timeline entry of the deemed move: the letter's subject. */
  eventId: string;
  from: ApplicationStatus;
  to: ApplicationStatus;
  /** The stage's due date (YYYY-MM-DD), and the working days after it that it was deemed. */
  dueOn: string;
  workingDays: number;
  deemedAt: Date;
}

export interface DeemedRecords {
  application: ApplicationRow;
  applicant: ApplicantRow;
  asset: AssetRow;
  move: DeemedMove;
  corporation: string;
}

interface DeemedWords {
  title: string;
  number: string;
  subject: string;
  salutation: string;
  body: string;
  moved: string;
  details: string;
  asset: string;
  labels: { application: string; stage: string; dueOn: string; limit: string; deemedOn: string; movedTo: string };
  limit: string;
  closing: string;
  statuses: Partial<Record<ApplicationStatus, string>>;
}

const WORDS: Record<'en' | 'hi' | 'te', DeemedWords> = {
  en: {
    title: 'Letter of Deemed Approval',
    number: 'Letter No. {{number}}',
    subject: 'Subject: Deemed approval of "{{stage}}" on application {{application}}',
    salutation: 'Dear Sir/Madam,',
    body: 'Your application {{application}} was due to be decided at the stage "{{stage}}" by {{due}}. No decision was recorded within {{days}} working days after that date, the limit the Corporation\'s service standards set for this stage.',
    moved:
      'Under those standards the stage is deemed approved as on {{date}}: the portal has moved your application on to "{{to}}", as the officer\'s decision would have.',
    details: 'Details',
    asset: 'Asset applied for',
    labels: {
      application: 'Application number',
      stage: 'Stage deemed approved',
      dueOn: 'Due date of the stage',
      limit: 'Limit after the due date',
      deemedOn: 'Deemed approved on',
      movedTo: 'Application now at',
    },
    limit: '{{days}} working days',
    closing:
      'This letter is issued by the portal on behalf of the Corporation and needs no signature. Its verification code can be checked on the portal.',
    statuses: {},
  },
  hi: {
    title: 'मानित स्वीकृति पत्र',
    number: 'पत्र सं. {{number}}',
    subject: 'विषय: आवेदन {{application}} के "{{stage}}" चरण की मानित स्वीकृति',
    salutation: 'महोदय/महोदया,',
    body: 'आपके आवेदन {{application}} पर "{{stage}}" चरण का निर्णय {{due}} तक होना था। उस तिथि के बाद {{days}} कार्य दिवसों में, जो निगम के सेवा मानक इस चरण के लिए तय करते हैं, कोई निर्णय दर्ज नहीं हुआ।',
    moved:
      'उन मानकों के अनुसार यह चरण {{date}} को स्वीकृत माना गया है: पोर्टल ने आपके आवेदन को "{{to}}" चरण में आगे बढ़ा दिया है, जैसा अधिकारी का निर्णय करता।',
    details: 'विवरण',
    asset: 'आवेदित परिसंपत्ति',
    labels: {
      application: 'आवेदन संख्या',
      stage: 'स्वीकृत माना गया चरण',
      dueOn: 'चरण की देय तिथि',
      limit: 'देय तिथि के बाद की सीमा',
      deemedOn: 'स्वीकृत माने जाने की तिथि',
      movedTo: 'आवेदन अब इस चरण में',
    },
    limit: '{{days}} कार्य दिवस',
    closing:
      'यह पत्र निगम की ओर से पोर्टल द्वारा जारी किया गया है और इस पर हस्ताक्षर की आवश्यकता नहीं है। इसका सत्यापन कोड पोर्टल पर जाँचा जा सकता है।',
    statuses: {
      submitted: 'जमा किया गया',
      under_scrutiny: 'जाँच में',
      lease_submitted: 'पट्टा विलेख जमा किया गया',
      final_allotment: 'अंतिम आवंटन',
    },
  },
  te: {
    title: 'భావిత ఆమోద లేఖ',
    number: 'లేఖ సం. {{number}}',
    subject: 'విషయం: దరఖాస్తు {{application}} యొక్క "{{stage}}" దశకు భావిత ఆమోదం',
    salutation: 'అయ్యా/అమ్మా,',
    body: 'మీ దరఖాస్తు {{application}}పై "{{stage}}" దశలో నిర్ణయం {{due}} నాటికి రావలసి ఉంది. ఆ తేదీ తర్వాత, కార్పొరేషన్ సేవా ప్రమాణాలు ఈ దశకు నిర్ణయించిన {{days}} పని దినాల్లో ఏ నిర్ణయమూ నమోదు కాలేదు.',
    moved:
      'ఆ ప్రమాణాల ప్రకారం ఈ దశ {{date}} నాటికి ఆమోదించబడినట్లు భావించబడింది: అధికారి నిర్ణయం చేసినట్లే పోర్టల్ మీ దరఖాస్తును "{{to}}" దశకు ముందుకు తీసుకువెళ్లింది.',
    details: 'వివరాలు',
    asset: 'దరఖాస్తు చేసిన ఆస్తి',
    labels: {
      application: 'దరఖాస్తు సంఖ్య',
      stage: 'ఆమోదించబడినట్లు భావించిన దశ',
      dueOn: 'దశ గడువు తేదీ',
      limit: 'గడువు తేదీ తర్వాత పరిమితి',
      deemedOn: 'భావిత ఆమోదం తేదీ',
      movedTo: 'దరఖాస్తు ప్రస్తుత దశ',
    },
    limit: '{{days}} పని దినాలు',
    closing: 'ఈ లేఖను కార్పొరేషన్ తరఫున పోర్టల్ జారీ చేసింది, దీనికి సంతకం అవసరం లేదు. దీని ధృవీకరణ కోడ్‌ను పోర్టల్‌లో తనిఖీ చేయవచ్చు.',
    statuses: {
      submitted: 'సమర్పించబడింది',
      under_scrutiny: 'పరిశీలనలో',
      lease_submitted: 'లీజు దస్తావేజు సమర్పించబడింది',
      final_allotment: 'తుది కేటాయింపు',
    },
  },
};

/** The statuses by the names the web app gives them, in English. */
const ENGLISH_STATUS: Partial<Record<ApplicationStatus, string>> = {
  submitted: 'Submitted',
  under_scrutiny: 'Under scrutiny',
  lease_submitted: 'Lease deed submitted',
  final_allotment: 'Final allotment',
};

/** The letter's number: the application's, then DA and the deemed move's own entry. */
export function deemedLetterNumber(applicationNumber: string, eventId: string): string {
  return `${applicationNumber}-DA-${eventId.slice(0, 8).toUpperCase()}`;
}

export function composeDeemedApprovalLetter(language: DocumentLanguage, records: DeemedRecords): DocumentContent {
  const { application, applicant, asset, move, corporation } = records;
  const { texts } = language;
  const words = WORDS[language.code as keyof typeof WORDS] ?? WORDS.en;
  const statusName = (status: ApplicationStatus) =>
    words.statuses[status] ?? ENGLISH_STATUS[status] ?? DEFAULT_STAGE[status];
  const number = deemedLetterNumber(application.applicationNumber, move.eventId);
  const stage = statusName(move.from);
  const to = statusName(move.to);
  const due = language.format.date(move.dueOn);
  const deemedOn = language.format.date(move.deemedAt);
  const limit = fill(words.limit, { days: move.workingDays });
  const blocks: Block[] = [
    {
      type: 'meta',
      left: fill(words.number, { number }),
      right: fill(texts.common.date, { date: deemedOn }),
    },
    { type: 'lines', lines: [texts.common.to, applicant.organizationName, ...addressLines(language, applicant)] },
    {
      type: 'paragraph',
      bold: true,
      text: fill(words.subject, { stage, application: application.applicationNumber }),
    },
    { type: 'paragraph', text: words.salutation },
    {
      type: 'paragraph',
      text: fill(words.body, { application: application.applicationNumber, stage, due, days: move.workingDays }),
    },
    { type: 'paragraph', bold: true, text: fill(words.moved, { date: deemedOn, to }) },
    { type: 'heading', text: words.details },
    {
      type: 'facts',
      rows: [
        [words.labels.application, application.applicationNumber],
        [words.labels.stage, stage],
        [words.labels.dueOn, due],
        [words.labels.limit, limit],
        [words.labels.deemedOn, deemedOn],
        [words.labels.movedTo, to],
      ],
    },
    { type: 'heading', text: words.asset },
    { type: 'facts', rows: assetRows(language, asset) },
    { type: 'paragraph', text: words.closing },
    { type: 'signoff', lines: [fill(texts.common.forCorporation, { corporation }), texts.common.authorisedSignatory] },
  ];
  return {
    kind: 'deemed_approval_letter',
    subjectId: move.eventId,
    applicationId: application.id,
    documentNumber: number,
    holderName: applicant.organizationName,
    assetCode: asset.assetCode,
    facts: {
      application_number: application.applicationNumber,
      due_on: move.dueOn,
      as_on: isoDay(move.deemedAt),
      asset_type: asset.type,
      location: locationOf(asset),
    },
    language: language.code,
    title: words.title,
    blocks,
  };
}
