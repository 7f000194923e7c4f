/** Prints a letter in a window of its own (window.open + document.write of the letter's HTML, then print), so the
 * printout holds the letter and nothing of the page behind it. */
import { LETTER_CSS } from './letter-styles';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Answers false when the browser blocked the window. */
export function printInNewWindow(title: string, letterHtml: string): boolean {
  const printWindow = window.open('', '_blank', 'width=900,height=1000');
  if (!printWindow) return false;
  printWindow.document.open();
  printWindow.document.write(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
      `<style>body{margin:24px;background:#fff}${LETTER_CSS}</style></head><body>${letterHtml}</body></html>`,
  );
  printWindow.document.close();
  printWindow.focus();
  printWindow.print();
  return true;
}
