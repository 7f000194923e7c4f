/** The letters' own stylesheet: the same rules style the letter in the dialog and in the print window, where the
 * app's Tailwind classes are not loaded. Black on white, serif, the corporation heading on top. */
export const LETTER_CSS = `
.letter { font-family: Georgia, 'Times New Roman', serif; color: #000; background: #fff; line-height: 1.5; font-size: 15px; }
.letter h1, .letter h2, .letter h3 { margin: 0; }
.letter .letter-corporation { text-align: center; font-size: 20px; font-weight: 700; text-transform: uppercase; letter-spacing: 0.04em; }
.letter .letter-letterhead p { margin: 0; }
.letter .letter-letterhead-line { text-align: center; font-size: 12px; }
.letter .letter-title { text-align: center; font-size: 18px; font-weight: 700; margin-top: 6px; text-decoration: underline; }
.letter .letter-rule { border: 0; border-top: 2px solid #000; margin: 12px 0; }
.letter .letter-meta { display: flex; justify-content: space-between; flex-wrap: wrap; gap: 8px; margin-bottom: 12px; }
.letter .letter-block { margin: 12px 0; }
.letter .letter-block p { margin: 0; }
.letter .letter-subject { font-weight: 700; margin: 12px 0 4px; }
.letter table { border-collapse: collapse; width: 100%; margin: 8px 0 12px; }
.letter th, .letter td { border: 1px solid #000; padding: 6px 8px; text-align: left; vertical-align: top; }
.letter th { width: 40%; font-weight: 600; }
.letter ol { margin: 6px 0 12px 20px; padding: 0; }
.letter li { margin: 2px 0; }
.letter .letter-sign { margin-top: 36px; text-align: right; }
.letter .letter-signatures { display: flex; justify-content: space-between; gap: 24px; margin-top: 40px; }
.letter .letter-signature-box { flex: 1; border: 1px solid #000; min-height: 90px; padding: 8px; display: flex; align-items: flex-end; justify-content: center; font-size: 13px; }
@media print { .letter { font-size: 13px; } }
`;
