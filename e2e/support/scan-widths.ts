/** The widths a dialog or a state of a screen is scanned at in one language: English at the desktop's and the phone's,
 * Hindi and Telugu (whose words run longer) at the phone's. A dialog is no narrower on a desktop (a centred box of at
 * least 512 px, against the phone's 375), axe's rules read the same markup in every language, and every whole page is
 * still scanned in every language at both widths (accessibility.spec.ts): the third and fourth desktop scans of each
 * dialog found nothing the others did not, and cost a sixth of the browser tests' time. */
export function scanWidths(language: string): number[] {
  return language === 'en' ? [1280, 375] : [375];
}

/** "1280 and 375" or "375", for a test's name. */
export function widthsInName(language: string): string {
  return scanWidths(language).join(' and ');
}
