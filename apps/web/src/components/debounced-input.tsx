/** A text filter that shows what is typed at once and hands it on only after a pause, so a word typed is one request. */
import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { afterPause, SEARCH_DEBOUNCE_MS } from '../lib/use-list-params';
import { Input } from './ui/input';

export interface DebouncedInputProps extends Omit<ComponentProps<'input'>, 'value' | 'onChange'> {
  /** The committed value (from the URL); a change from outside replaces the text. */
  value: string;
  onCommit: (value: string) => void;
  delay?: number;
}

export function DebouncedInput({ value, onCommit, delay = SEARCH_DEBOUNCE_MS, ...rest }: DebouncedInputProps) {
  const [text, setText] = useState(value);
  const committed = useRef(value);
  const commit = useRef(onCommit);
  commit.current = onCommit;

  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    const wanted = text.trim();
    if (wanted === committed.current) return undefined;
    return afterPause(() => {
      committed.current = wanted;
      commit.current(wanted);
    }, delay);
  }, [text, delay]);

  return <Input {...rest} value={text} onChange={(event) => setText(event.target.value)} />;
}
