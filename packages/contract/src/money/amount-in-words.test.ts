import { describe, expect, it } from 'vitest';
import { amountInWords, integerInHindiWords, integerInIndianWords, integerInTeluguWords } from './amount-in-words';

describe('amountInWords (Indian system)', () => {
  it.each([
    [0, 'Rupees Zero Only'],
    [1, 'Rupees One Only'],
    [15, 'Rupees Fifteen Only'],
    [20, 'Rupees Twenty Only'],
    [99, 'Rupees Ninety Nine Only'],
    [100, 'Rupees One Hundred Only'],
    [101, 'Rupees One Hundred One Only'],
    [1000, 'Rupees One Thousand Only'],
    [11_800, 'Rupees Eleven Thousand Eight Hundred Only'],
    [99_999, 'Rupees Ninety Nine Thousand Nine Hundred Ninety Nine Only'],
    [100_000, 'Rupees One Lakh Only'],
    [105_000, 'Rupees One Lakh Five Thousand Only'],
    [546_800, 'Rupees Five Lakh Forty Six Thousand Eight Hundred Only'],
    [1_850_000, 'Rupees Eighteen Lakh Fifty Thousand Only'],
    [10_000_000, 'Rupees One Crore Only'],
    [12_345_678, 'Rupees One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight Only'],
    [999_999_999, 'Rupees Ninety Nine Crore Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine Only'],
    [10_000_000_000, 'Rupees One Thousand Crore Only'],
    [2_500_000_001, 'Rupees Two Hundred Fifty Crore One Only'],
  ])('%d is "%s"', (amount, words) => {
    expect(amountInWords(amount)).toBe(words);
  });

  it('says the paise after the rupees', () => {
    expect(amountInWords(10.5)).toBe('Rupees Ten and Fifty Paise Only');
    expect(amountInWords(105_000.05)).toBe('Rupees One Lakh Five Thousand and Five Paise Only');
    expect(amountInWords(1.99)).toBe('Rupees One and Ninety Nine Paise Only');
  });

  it('says only the paise for less than a rupee', () => {
    expect(amountInWords(0.75)).toBe('Seventy Five Paise Only');
  });

  it('rounds to the paisa', () => {
    expect(amountInWords(2.004)).toBe('Rupees Two Only');
    expect(amountInWords(2.996)).toBe('Rupees Three Only');
    // 0.1 + 0.2 is 0.30000000000000004 in binary floating point.
    expect(amountInWords(0.1 + 0.2)).toBe('Thirty Paise Only');
  });

  it('refuses a negative or non-finite amount', () => {
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(Number.NaN)).toThrow(RangeError);
    expect(() => amountInWords(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('integerInIndianWords', () => {
  it('groups by thousand, lakh and crore, not by million', () => {
    expect(integerInIndianWords(1_000_000)).toBe('Ten Lakh');
    expect(integerInIndianWords(100_000_000)).toBe('Ten Crore');
    expect(integerInIndianWords(7750)).toBe('Seven Thousand Seven Hundred Fifty');
  });

  it('refuses a fraction', () => {
    expect(() => integerInIndianWords(1.5)).toThrow(RangeError);
  });
});

describe('amountInWords in Hindi (Indian system)', () => {
  it.each([
    [0, 'शून्य रुपये मात्र'],
    [1, 'एक रुपया मात्र'],
    [15, 'पंद्रह रुपये मात्र'],
    [46, 'छियालीस रुपये मात्र'],
    [49, 'उनचास रुपये मात्र'],
    [99, 'निन्यानवे रुपये मात्र'],
    [100, 'एक सौ रुपये मात्र'],
    [11_800, 'ग्यारह हज़ार आठ सौ रुपये मात्र'],
    [105_000, 'एक लाख पाँच हज़ार रुपये मात्र'],
    [546_800, 'पाँच लाख छियालीस हज़ार आठ सौ रुपये मात्र'],
    [10_000_000, 'एक करोड़ रुपये मात्र'],
    [12_345_678, 'एक करोड़ तेईस लाख पैंतालीस हज़ार छह सौ अठहत्तर रुपये मात्र'],
    [10_000_000_000, 'एक हज़ार करोड़ रुपये मात्र'],
  ])('%d is "%s"', (amount, words) => {
    expect(amountInWords(amount, 'hi')).toBe(words);
  });

  it('says the paise after the rupees, and only the paise for less than a rupee', () => {
    expect(amountInWords(10.5, 'hi')).toBe('दस रुपये और पचास पैसे मात्र');
    expect(amountInWords(105_000.01, 'hi')).toBe('एक लाख पाँच हज़ार रुपये और एक पैसा मात्र');
    expect(amountInWords(0.75, 'hi')).toBe('पचहत्तर पैसे मात्र');
    expect(amountInWords(0.1 + 0.2, 'hi')).toBe('तीस पैसे मात्र');
  });

  it('has a word of its own for every number below 100', () => {
    const words = Array.from({ length: 99 }, (_, index) => integerInHindiWords(index + 1));
    expect(new Set(words).size).toBe(99);
    for (const word of words) expect(word).toMatch(/^[\u0900-\u097F]+$/);
    expect(integerInHindiWords(79)).toBe('उन्यासी');
    expect(integerInHindiWords(89)).toBe('नवासी');
  });
});

describe('amountInWords in Telugu (Indian system)', () => {
  it.each([
    [0, 'సున్నా రూపాయలు మాత్రమే'],
    [1, 'ఒక రూపాయి మాత్రమే'],
    [15, 'పదిహేను రూపాయలు మాత్రమే'],
    [21, 'ఇరవై ఒక్క రూపాయలు మాత్రమే'],
    [99, 'తొంభై తొమ్మిది రూపాయలు మాత్రమే'],
    [100, 'వంద రూపాయలు మాత్రమే'],
    [101, 'నూట ఒక్క రూపాయలు మాత్రమే'],
    [250, 'రెండు వందల యాభై రూపాయలు మాత్రమే'],
    [1000, 'వెయ్యి రూపాయలు మాత్రమే'],
    [11_800, 'పదకొండు వేల ఎనిమిది వందల రూపాయలు మాత్రమే'],
    [105_000, 'ఒక లక్ష ఐదు వేల రూపాయలు మాత్రమే'],
    [546_800, 'ఐదు లక్షల నలభై ఆరు వేల ఎనిమిది వందల రూపాయలు మాత్రమే'],
    [10_000_000, 'ఒక కోటి రూపాయలు మాత్రమే'],
    [25_000_000, 'రెండు కోట్ల యాభై లక్షల రూపాయలు మాత్రమే'],
  ])('%d is "%s"', (amount, words) => {
    expect(amountInWords(amount, 'te')).toBe(words);
  });

  it('says the paise after the rupees, and only the paise for less than a rupee', () => {
    expect(amountInWords(10.5, 'te')).toBe('పది రూపాయలు యాభై పైసలు మాత్రమే');
    expect(amountInWords(0.75, 'te')).toBe('డెబ్బై ఐదు పైసలు మాత్రమే');
    expect(amountInWords(2.01, 'te')).toBe('రెండు రూపాయలు ఒక పైసా మాత్రమే');
  });

  it('has a word of its own for every number below 100', () => {
    const words = Array.from({ length: 99 }, (_, index) => integerInTeluguWords(index + 1));
    expect(new Set(words).size).toBe(99);
    for (const word of words) expect(word).toMatch(/^[\u0C00-\u0C7F ]+$/);
  });

  it('refuses what English refuses', () => {
    expect(() => amountInWords(-1, 'te')).toThrow(RangeError);
    expect(() => amountInWords(Number.NaN, 'hi')).toThrow(RangeError);
  });
});
