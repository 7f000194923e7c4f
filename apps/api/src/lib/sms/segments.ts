/** How many SMS segments a text costs: GSM-7 (160 characters, 153 a segment when split; the extension characters
 * count two) when every character is in the GSM 03.38 alphabet, UCS-2 otherwise (70, 67 a segment when split),
 * counting UTF-16 code units as the handset does. Hindi and Telugu are always UCS-2. */

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '^{}\\[~]|€\f';

const basic = new Set(GSM_BASIC);
const extension = new Set(GSM_EXTENSION);

export interface SegmentCount {
  unicode: boolean;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2). */
  units: number;
  segments: number;
}

export function countSegments(text: string): SegmentCount {
  let septets = 0;
  for (const character of text) {
    if (basic.has(character)) septets += 1;
    else if (extension.has(character)) septets += 2;
    else {
      const units = text.length;
      return { unicode: true, units, segments: units <= 70 ? 1 : Math.ceil(units / 67) };
    }
  }
  return { unicode: false, units: septets, segments: septets <= 160 ? 1 : Math.ceil(septets / 153) };
}
