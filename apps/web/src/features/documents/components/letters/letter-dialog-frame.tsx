/** The frame every letter shares: a large dialog holding the letter, with Print/Download and Close; and its facts table. */
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Printer } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { LETTER_CSS } from './letter-styles';
import { printInNewWindow } from './print-window';

export interface LetterDialogFrameProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
}

export function LetterDialogFrame({ open, onOpenChange, title, children }: LetterDialogFrameProps) {
  const { t } = useTranslation('letters');
  const letterRef = useRef<HTMLDivElement>(null);

  const print = () => {
    const html = letterRef.current?.outerHTML ?? '';
    if (!printInNewWindow(title, html)) toast.error(t('popupBlocked'));
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      size="xl"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('close')}
          </Button>
          <Button icon={<Printer aria-hidden="true" className="h-4 w-4" />} onClick={print}>
            {t('printDownload')}
          </Button>
        </>
      }
    >
      <style>{LETTER_CSS}</style>
      <div ref={letterRef} className="letter" data-testid="letter">
        {children}
      </div>
    </Dialog>
  );
}

/** A letter's facts as a two-column table: each row a label and its value. */
export function LetterFactsTable({ rows }: { rows: ReadonlyArray<readonly [string, string]> }) {
  return (
    <table>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
