/** Rupee amounts in words in the Indian system (thousand, lakh, crore), as receipts, letters and cheques write them,
 * in English, Hindi or Telugu: 1,05,000.50 is "Rupees One Lakh Five Thousand and Fifty Paise Only",
 * "एक लाख पाँच हज़ार रुपये और पचास पैसे मात्र", "ఒక లక్ష ఐదు వేల రూపాయలు యాభై పైసలు మాత్రమే". */
import type { FormatLanguage } from '../format';

const ONES = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 1 to 99. */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const tens = TENS[Math.floor(n / 10)]!;
  return n % 10 === 0 ? tens : `${tens} ${ONES[n % 10]}`;
}

/** 1 to 999. */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (hundreds) parts.push(`${ONES[hundreds]} Hundred`);
  if (rest) parts.push(belowHundred(rest));
  return parts.join(' ');
}

/** A whole number in words in the Indian system: 1,00,00,000 is "One Crore", 5,46,800 "Five Lakh Forty Six Thousand
 * Eight Hundred". Beyond 99 crore the crores are counted in the same words ("One Thousand Crore"). */
export function integerInIndianWords(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`Expected a whole number of at least 0, not ${value}`);
  }
  if (value === 0) return ONES[0]!;
  const crores = Math.floor(value / 10_000_000);
  const lakhs = Math.floor((value % 10_000_000) / 100_000);
  const thousands = Math.floor((value % 100_000) / 1000);
  const rest = value % 1000;
  const parts: string[] = [];
  if (crores) parts.push(`${integerInIndianWords(crores)} Crore`);
  if (lakhs) parts.push(`${belowHundred(lakhs)} Lakh`);
  if (thousands) parts.push(`${belowHundred(thousands)} Thousand`);
  if (rest) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/** Whole rupees and paise of an amount rounded to the paisa. */
function splitAmount(amount: number): { rupees: number; paise: number } {
  if (!Number.isFinite(amount) || amount < 0) {
    throw new RangeError(`Expected an amount of at least 0, not ${amount}`);
  }
  const totalPaise = Math.round(amount * 100);
  return { rupees: Math.floor(totalPaise / 100), paise: totalPaise % 100 };
}

/** The places of the Indian system: crores (any number of them), lakhs, thousands, hundreds and the rest below 100. */
function indianPlaces(value: number) {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`Expected a whole number of at least 0, not ${value}`);
  }
  return {
    crores: Math.floor(value / 10_000_000),
    lakhs: Math.floor((value % 10_000_000) / 100_000),
    thousands: Math.floor((value % 100_000) / 1000),
    hundreds: Math.floor((value % 1000) / 100),
    rest: value % 100,
  };
}

// Hindi and Telugu number words from 0 to 99, in full: Hindi's are irregular (छियालीस, उनचास, निन्यानवे), and a table
// is easier to check against a reference than rules.
// prettier-ignore
const HINDI = [
  'शून्य', 'एक', 'दो', 'तीन', 'चार', 'पाँच', 'छह', 'सात', 'आठ', 'नौ',
  'दस', 'ग्यारह', 'बारह', 'तेरह', 'चौदह', 'पंद्रह', 'सोलह', 'सत्रह', 'अठारह', 'उन्नीस',
  'बीस', 'इक्कीस', 'बाईस', 'तेईस', 'चौबीस', 'पच्चीस', 'छब्बीस', 'सत्ताईस', 'अट्ठाईस', 'उनतीस',
  'तीस', 'इकतीस', 'बत्तीस', 'तैंतीस', 'चौंतीस', 'पैंतीस', 'छत्तीस', 'सैंतीस', 'अड़तीस', 'उनतालीस',
  'चालीस', 'इकतालीस', 'बयालीस', 'तैंतालीस', 'चवालीस', 'पैंतालीस', 'छियालीस', 'सैंतालीस', 'अड़तालीस', 'उनचास',
  'पचास', 'इक्यावन', 'बावन', 'तिरपन', 'चौवन', 'पचपन', 'छप्पन', 'सत्तावन', 'अट्ठावन', 'उनसठ',
  'साठ', 'इकसठ', 'बासठ', 'तिरसठ', 'चौंसठ', 'पैंसठ', 'छियासठ', 'सड़सठ', 'अड़सठ', 'उनहत्तर',
  'सत्तर', 'इकहत्तर', 'बहत्तर', 'तिहत्तर', 'चौहत्तर', 'पचहत्तर', 'छिहत्तर', 'सतहत्तर', 'अठहत्तर', 'उन्यासी',
  'अस्सी', 'इक्यासी', 'बयासी', 'तिरासी', 'चौरासी', 'पचासी', 'छियासी', 'सत्तासी', 'अट्ठासी', 'नवासी',
  'नब्बे', 'इक्यानवे', 'बानवे', 'तिरानवे', 'चौरानवे', 'पंचानवे', 'छियानवे', 'सत्तानवे', 'अट्ठानवे', 'निन्यानवे',
];

// prettier-ignore
const TELUGU = [
  'సున్నా', 'ఒకటి', 'రెండు', 'మూడు', 'నాలుగు', 'ఐదు', 'ఆరు', 'ఏడు', 'ఎనిమిది', 'తొమ్మిది',
  'పది', 'పదకొండు', 'పన్నెండు', 'పదమూడు', 'పద్నాలుగు', 'పదిహేను', 'పదహారు', 'పదిహేడు', 'పద్దెనిమిది', 'పందొమ్మిది',
  'ఇరవై', 'ఇరవై ఒకటి', 'ఇరవై రెండు', 'ఇరవై మూడు', 'ఇరవై నాలుగు', 'ఇరవై ఐదు', 'ఇరవై ఆరు', 'ఇరవై ఏడు', 'ఇరవై ఎనిమిది', 'ఇరవై తొమ్మిది',
  'ముప్పై', 'ముప్పై ఒకటి', 'ముప్పై రెండు', 'ముప్పై మూడు', 'ముప్పై నాలుగు', 'ముప్పై ఐదు', 'ముప్పై ఆరు', 'ముప్పై ఏడు', 'ముప్పై ఎనిమిది', 'ముప్పై తొమ్మిది',
  'నలభై', 'నలభై ఒకటి', 'నలభై రెండు', 'నలభై మూడు', 'నలభై నాలుగు', 'నలభై ఐదు', 'నలభై ఆరు', 'నలభై ఏడు', 'నలభై ఎనిమిది', 'నలభై తొమ్మిది',
  'యాభై', 'యాభై ఒకటి', 'యాభై రెండు', 'యాభై మూడు', 'యాభై నాలుగు', 'యాభై ఐదు', 'యాభై ఆరు', 'యాభై ఏడు', 'యాభై ఎనిమిది', 'యాభై తొమ్మిది',
  'అరవై', 'అరవై ఒకటి', 'అరవై రెండు', 'అరవై మూడు', 'అరవై నాలుగు', 'అరవై ఐదు', 'అరవై ఆరు', 'అరవై ఏడు', 'అరవై ఎనిమిది', 'అరవై తొమ్మిది',
  'డెబ్బై', 'డెబ్బై ఒకటి', 'డెబ్బై రెండు', 'డెబ్బై మూడు', 'డెబ్బై నాలుగు', 'డెబ్బై ఐదు', 'డెబ్బై ఆరు', 'డెబ్బై ఏడు', 'డెబ్బై ఎనిమిది', 'డెబ్బై తొమ్మిది',
  'ఎనభై', 'ఎనభై ఒకటి', 'ఎనభై రెండు', 'ఎనభై మూడు', 'ఎనభై నాలుగు', 'ఎనభై ఐదు', 'ఎనభై ఆరు', 'ఎనభై ఏడు', 'ఎనభై ఎనిమిది', 'ఎనభై తొమ్మిది',
  'తొంభై', 'తొంభై ఒకటి', 'తొంభై రెండు', 'తొంభై మూడు', 'తొంభై నాలుగు', 'తొంభై ఐదు', 'తొంభై ఆరు', 'తొంభై ఏడు', 'తొంభై ఎనిమిది', 'తొంభై తొమ్మిది',
];

/** A whole number in Hindi words: 5,46,800 is "पाँच लाख छियालीस हज़ार आठ सौ"; beyond 99 crore the crores are counted
 * in the same words ("एक हज़ार करोड़"). */
export function integerInHindiWords(value: number): string {
  const { crores, lakhs, thousands, hundreds, rest } = indianPlaces(value);
  if (value === 0) return HINDI[0]!;
  const parts: string[] = [];
  if (crores) parts.push(`${integerInHindiWords(crores)} करोड़`);
  if (lakhs) parts.push(`${HINDI[lakhs]} लाख`);
  if (thousands) parts.push(`${HINDI[thousands]} हज़ार`);
  if (hundreds) parts.push(`${HINDI[hundreds]} सौ`);
  if (rest) parts.push(HINDI[rest]!);
  return parts.join(' ');
}

/** "पाँच सौ रुपये मात्र", "एक रुपया मात्र", "दस रुपये और पचास पैसे मात्र", "पचहत्तर पैसे मात्र". */
function hindiAmount(rupees: number, paise: number): string {
  const rupeeWords = `${integerInHindiWords(rupees)} ${rupees === 1 ? 'रुपया' : 'रुपये'}`;
  const paiseWords = `${HINDI[paise]} ${paise === 1 ? 'पैसा' : 'पैसे'}`;
  if (paise === 0) return `${rupeeWords} मात्र`;
  if (rupees === 0) return `${paiseWords} मात्र`;
  return `${rupeeWords} और ${paiseWords} मात्र`;
}

/** 1 to 99 as Telugu says it before a noun or a multiplier: one is ఒక alone and ఒక్క at the end of a compound
 * ("ఇరవై ఒక్క"), the rest as counted. */
function teluguAttributive(n: number): string {
  if (n === 1) return 'ఒక';
  const word = TELUGU[n]!;
  return n % 10 === 1 ? word.replace(/ఒకటి$/, 'ఒక్క') : word;
}

/** A whole number in Telugu words, as it stands before a noun ("... రూపాయలు"): every place takes its joining form
 * (వందల, వేల, లక్షల, కోట్ల), 100 is వంద alone and నూట before more, 1,000 is వెయ్యి and 1,00,00,000 ఒక కోటి.
 * 5,46,800 is "ఐదు లక్షల నలభై ఆరు వేల ఎనిమిది వందల". */
export function integerInTeluguWords(value: number): string {
  const { crores, lakhs, thousands, hundreds, rest } = indianPlaces(value);
  if (value === 0) return TELUGU[0]!;
  const parts: string[] = [];
  if (crores) parts.push(crores === 1 ? 'ఒక కోటి' : `${integerInTeluguWords(crores)} కోట్ల`);
  if (lakhs) parts.push(lakhs === 1 ? 'ఒక లక్ష' : `${teluguAttributive(lakhs)} లక్షల`);
  if (thousands) parts.push(thousands === 1 ? 'వెయ్యి' : `${teluguAttributive(thousands)} వేల`);
  if (hundreds === 1) parts.push(rest ? 'నూట' : 'వంద');
  else if (hundreds) parts.push(`${teluguAttributive(hundreds)} వందల`);
  // One after a place is ఒక్క too: 101 is నూట ఒక్క.
  if (rest) parts.push(rest === 1 && parts.length ? 'ఒక్క' : teluguAttributive(rest));
  return parts.join(' ');
}

/** "ఐదు వందల రూపాయలు మాత్రమే", "ఒక రూపాయి మాత్రమే", "పది రూపాయలు యాభై పైసలు మాత్రమే", "డెబ్బై ఐదు పైసలు మాత్రమే". */
function teluguAmount(rupees: number, paise: number): string {
  const rupeeWords = `${integerInTeluguWords(rupees)} ${rupees === 1 ? 'రూపాయి' : 'రూపాయలు'}`;
  const paiseWords = `${integerInTeluguWords(paise)} ${paise === 1 ? 'పైసా' : 'పైసలు'}`;
  if (paise === 0) return `${rupeeWords} మాత్రమే`;
  if (rupees === 0) return `${paiseWords} మాత్రమే`;
  return `${rupeeWords} ${paiseWords} మాత్రమే`;
}

/** A rupee amount (rounded to the paisa) in words, English unless another language is named: "Rupees Fifteen Only", "Rupees Zero Only", "Rupees Ten and Fifty
 * Paise Only", "Fifty Paise Only" for less than a rupee. */
export function amountInWords(amount: number, language: FormatLanguage = 'en'): string {
  const { rupees, paise } = splitAmount(amount);
  if (language === 'hi') return hindiAmount(rupees, paise);
  if (language === 'te') return teluguAmount(rupees, paise);
  if (paise === 0) return `Rupees ${integerInIndianWords(rupees)} Only`;
  if (rupees === 0) return `${belowHundred(paise)} Paise Only`;
  return `Rupees ${integerInIndianWords(rupees)} and ${belowHundred(paise)} Paise Only`;
}
