/** A button that downloads a file the server made (an issued document's PDF), with progress while it comes and a
 * toast if it fails. The callers word it: which document, and what the reader sees while it downloads. */
import { useState, type ReactNode } from 'react';
import { FileDown } from 'lucide-react';
import { toast } from 'sonner';
import { Button, type ButtonSize } from '../../../../components/ui/button';
import { api, errorDetail } from '../../../../lib/api-client';
import { saveFile } from '../../../../lib/save-file';

export interface FileDownloadButtonProps {
  /** Under /api. */
  path: string;
  fileName: string;
  children: ReactNode;
  /** The accessible name, when the visible words do not say which document. */
  label?: string;
  busyText: string;
  failedText: string;
  size?: ButtonSize;
}

export function FileDownloadButton({
  path,
  fileName,
  children,
  label,
  busyText,
  failedText,
  size = 'md',
}: FileDownloadButtonProps) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveFile(await api.blob(path), fileName);
    } catch (error) {
      toast.error(errorDetail(error, failedText));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="secondary"
      size={size}
      icon={<FileDown aria-hidden="true" className="h-4 w-4" />}
      busy={busy}
      busyText={busyText}
      aria-label={busy ? undefined : label}
      onClick={() => void download()}
    >
      {children}
    </Button>
  );
}
