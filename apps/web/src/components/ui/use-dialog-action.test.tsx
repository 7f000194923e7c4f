import fs from 'node:fs';
import path from 'node:path';
import { act, renderHook } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { useDialogAction, type ActionOutcome } from './use-dialog-action';

/** A call that waits until the test answers it. */
function pendingCall<Data>() {
  let outcome: ActionOutcome<Data> | undefined;
  const call = vi.fn((given: ActionOutcome<Data>) => {
    outcome = given;
  });
  return {
    call,
    succeed: (data: Data) => act(() => outcome!.onSuccess(data)),
    fail: (error: unknown) => act(() => outcome!.onError(error)),
  };
}

describe('useDialogAction', () => {
  it('toasts, runs what follows and closes when the call succeeds', () => {
    const success = vi.spyOn(toast, 'success');
    const { result } = renderHook(() => useDialogAction(false));
    act(() => result.current.onOpenChange(true));
    const then = vi.fn();
    const { call, succeed } = pendingCall<{ number: string }>();
    act(() => result.current.send(call, { done: (data) => `Sent ${data.number}`, failed: () => 'no', then }));
    succeed({ number: 'GRV-1' });
    expect(success).toHaveBeenCalledWith('Sent GRV-1');
    expect(then).toHaveBeenCalledWith({ number: 'GRV-1' });
    expect(result.current.open).toBe(false);
    expect(result.current.refusal).toBeUndefined();
  });

  it('says the refusal in the dialog and keeps it open; the next try and closing forget it', () => {
    const { result } = renderHook(() => useDialogAction(false));
    act(() => result.current.onOpenChange(true));
    const first = pendingCall();
    act(() => result.current.send(first.call, { failed: () => 'Refused: the plot is taken' }));
    first.fail(new Error('409'));
    expect(result.current.refusal).toBe('Refused: the plot is taken');
    expect(result.current.open).toBe(true);
    const second = pendingCall();
    act(() => result.current.send(second.call, { failed: () => 'again' }));
    expect(result.current.refusal).toBeUndefined();
    second.fail(new Error('409'));
    act(() => result.current.onOpenChange(false));
    expect(result.current.refusal).toBeUndefined();
  });

  it('says nothing in the dialog when the form has said it beside its field', () => {
    const { result } = renderHook(() => useDialogAction(false));
    act(() => result.current.onOpenChange(true));
    const { call, fail } = pendingCall();
    act(() => result.current.send(call, { failed: () => undefined }));
    fail(new Error('422'));
    expect(result.current.refusal).toBeUndefined();
    expect(result.current.open).toBe(true);
  });

  it('sends nothing while the call runs', () => {
    const { result } = renderHook(() => useDialogAction(true));
    const call = vi.fn();
    act(() => result.current.send(call, { failed: () => 'no' }));
    expect(call).not.toHaveBeenCalled();
  });

  it("opens and closes through the parent's state when the parent owns it", () => {
    const onOpenChange = vi.fn();
    const { result } = renderHook(() => useDialogAction(false, { open: true, onOpenChange }));
    expect(result.current.open).toBe(true);
    const { call, succeed } = pendingCall();
    act(() => result.current.send(call, { done: 'Saved', failed: () => 'no' }));
    succeed(undefined);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});

describe('the dialogs that send a call', () => {
  const SRC = path.resolve(import.meta.dirname, '../..');
  const sources = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return sources(full);
      return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [full] : [];
    });
  const dialog = /<(FormDialog|SchemaFormDialog|ConfirmDialog)\b/;
  const ownRefusal = /\[\w*[rR]efusal, set\w*[rR]efusal\] = useState/;

  it('keep no refusal of their own beside a dialog: useDialogAction holds it', () => {
    expect(
      dialog.test('      <SchemaFormDialog form={form}') &&
        ownRefusal.test('const [refusal, setRefusal] = useState<string>();'),
    ).toBe(true);
    const offenders = sources(SRC)
      .filter((file) => {
        const text = fs.readFileSync(file, 'utf8');
        return dialog.test(text) && ownRefusal.test(text);
      })
      .map((file) => path.relative(SRC, file).split(path.sep).join('/'))
      .sort();
    expect(offenders).toEqual([
      // Its submit awaits an upload with progress (not a mutation), so the form's own submitting state is its busy.
      'features/applications/applications/components/replace-document-dialog.tsx',
      // The reply is an inline form; its confirmation closes on a refusal and the form says it.
      'features/estate/components/show-causes/show-cause-panel.tsx',
    ]);
  });
});
