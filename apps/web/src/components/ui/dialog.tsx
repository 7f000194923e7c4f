/** A Radix dialog: title, optional description, body and footer; full screen on a phone, centred from md up. */
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from './cn';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** One sentence under the title (e.g. the consequence of confirming). */
  description?: ReactNode;
  /** Buttons at the bottom (confirm / cancel). */
  footer?: ReactNode;
  /** An element that opens the dialog (optional: control `open` yourself otherwise). */
  trigger?: ReactNode;
  size?: 'md' | 'lg' | 'xl';
  children?: ReactNode;
}

const widths = { md: 'md:max-w-lg', lg: 'md:max-w-2xl', xl: 'md:max-w-4xl' };

/** A controlled modal dialog with a close button. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  footer,
  trigger,
  size = 'md',
  children,
}: DialogProps) {
  const { t } = useTranslation();
  // Radix returns focus to its own Trigger only; a dialog opened from elsewhere (a menu item, a row's button, a
  // keyboard shortcut) would drop focus on <body> when it closes. What had focus as it opened gets it back.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <RadixDialog.Content
          // Without a description Radix must be told there is none (it warns otherwise).
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={() => {
            const active = document.activeElement;
            opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
          }}
          onCloseAutoFocus={(event) => {
            const target = opener.current;
            opener.current = null;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
          className={cn(
            'fixed inset-0 z-50 flex flex-col bg-white shadow-xl focus:outline-none',
            'md:inset-auto md:top-1/2 md:left-1/2 md:max-h-[90vh] md:w-full md:-translate-x-1/2 md:-translate-y-1/2 md:rounded-lg',
            widths[size],
          )}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 p-4">
            <div>
              <RadixDialog.Title className="text-xl font-semibold text-slate-900">{title}</RadixDialog.Title>
              {description && (
                <RadixDialog.Description className="mt-1 text-slate-600">{description}</RadixDialog.Description>
              )}
            </div>
            <RadixDialog.Close
              className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100"
              aria-label={t('close')}
            >
              <X aria-hidden="true" className="h-5 w-5" />
            </RadixDialog.Close>
          </div>
          {/* Focusable, so a keyboard can scroll a long body (a letter, a receipt) that holds no control. It takes no
              role or name of its own: the dialog already carries the title. */}
          <div
            // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex -- a scrollable body must take focus
            tabIndex={0}
            className="flex-1 overflow-y-auto p-4 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none focus-visible:ring-inset"
          >
            {children}
          </div>
          {footer && (
            <div className="flex flex-col-reverse gap-2 border-t border-slate-200 p-4 sm:flex-row sm:justify-end">
              {footer}
            </div>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
