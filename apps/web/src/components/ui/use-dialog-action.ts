/** The wiring every dialog that sends one call shares: whether it is open, the server's refusal of the last try
 * (cleared on each try and when the dialog closes), and a send that ignores a second press while the call runs, then
 * toasts and closes when the call succeeds, or says the refusal in the dialog when it fails. */
import { useState } from 'react';
import { toast } from 'sonner';

/** What a call is told when the server answers (a TanStack mutation's `mutate` takes it as its options). */
export interface ActionOutcome<Data = unknown> {
  onSuccess: (data: Data) => void;
  onError: (error: unknown) => void;
}

export interface DialogActionWords<Data> {
  /** The toast when the call succeeds; none when absent. */
  done?: string | ((data: Data) => string);
  /** The refusal said in the dialog, in the reader's language; undefined when the form has said it beside its field. */
  failed: (error: unknown) => string | undefined;
  /** What else follows success before the dialog closes (the form emptied, a page opened). */
  then?: (data: Data) => void;
  /** Keep the dialog open after success (it shows what the call answered). */
  stayOpen?: boolean;
}

export interface DialogAction {
  open: boolean;
  setOpen: (open: boolean) => void;
  /** Opening or closing; closing forgets the refusal. */
  onOpenChange: (open: boolean) => void;
  refusal: string | undefined;
  setRefusal: (refusal: string | undefined) => void;
  send: <Data = unknown>(call: (outcome: ActionOutcome<Data>) => void, words: DialogActionWords<Data>) => void;
}

/** Whether a dialog opened by its parent is open, and how it tells the parent to open or close it. */
export interface DialogOpenState {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** `busy`: the call is running (the mutation's `isPending`), so a second press sends nothing. `controlled`: the
 * parent's open state, for a dialog its parent opens (the hook keeps its own otherwise). */
export function useDialogAction(busy: boolean, controlled?: DialogOpenState): DialogAction {
  const [ownOpen, setOwnOpen] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const open = controlled ? controlled.open : ownOpen;
  const setOpen = controlled ? controlled.onOpenChange : setOwnOpen;
  return {
    open,
    setOpen,
    onOpenChange: (next) => {
      if (!next) setRefusal(undefined);
      setOpen(next);
    },
    refusal,
    setRefusal,
    send: (call, words) => {
      if (busy) return;
      setRefusal(undefined);
      call({
        onSuccess: (data) => {
          if (words.done !== undefined) toast.success(typeof words.done === 'string' ? words.done : words.done(data));
          words.then?.(data);
          if (!words.stayOpen) setOpen(false);
        },
        onError: (error) => setRefusal(words.failed(error)),
      });
    },
  };
}
