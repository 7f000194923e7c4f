/** A loading spinner announced to screen readers (role=status) with an accessible label. */
import { useTranslation } from 'react-i18next';
import { cn } from './cn';

export interface SpinnerProps {
  /** What is loading; defaults to "Loading...". */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  /** Where it sits in its box: centred, or at the top (a screen-high placeholder). A prop, not a class: `cn` joins
   * classes without settling a conflict, so an `items-start` added to `items-center` won only by stylesheet order. */
  align?: 'center' | 'start';
  className?: string;
}

const sizes = { sm: 'h-4 w-4 border-2', md: 'h-8 w-8 border-[3px]', lg: 'h-12 w-12 border-4' };

/** Spinner with role=status; give `label` to say what is loading. */
export function Spinner({ label, size = 'md', align = 'center', className }: SpinnerProps) {
  const { t } = useTranslation();
  const text = label ?? t('loading');
  return (
    <div
      role="status"
      aria-label={text}
      className={cn('flex justify-center py-8', align === 'start' ? 'items-start' : 'items-center', className)}
    >
      <span
        aria-hidden="true"
        className={cn('animate-spin rounded-full border-brand-200 border-t-brand-700', sizes[size])}
      />
      <span className="sr-only">{text}</span>
    </div>
  );
}
