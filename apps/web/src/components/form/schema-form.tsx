/** The one way a form is built: react-hook-form over a zod schema (the contract's, or one made from its parts), an
 * error summary in the fields' order that takes focus on each failed submit, and messages in the reader's language.
 *
 * The schema decides what is wrong; the words come from the catalogues. A field's error is worded from the first of
 * these keys that exists: `<messages>.<field>.required` when the field is empty (after its custom reason's key, if
 * the schema gave one), else `<messages>.<field>.<reason>`
 * (a custom issue's message is its reason, e.g. 'in_past'), `<messages>.<field>.<zod issue code>`,
 * `<messages>.<field>.invalid`; then the shared `form:validation.<reason or code>`. English may fall back to the
 * contract's own message; Hindi and Telugu never show it. Errors are worded when shown, so they follow a change of
 * language.
 *
 * A page that must render before zod has loaded (the sign-in page, from the entry chunk) passes a loader of its
 * schema instead, with the fields' order: the schema is fetched when the form first takes focus, or at the latest on
 * submit. The dialog form is in ./schema-form-dialog, so the sign-in page does not load the dialog's code. */
import { useCallback, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type DefaultValues,
  type FieldError as HookFieldError,
  type FieldValues,
  type Path,
  type Resolver,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-request';
import { ErrorSummary, type FieldError } from '../ui/error-summary';
import { Field, type FieldProps } from '../ui/field';

/** Any schema of a form's values (an object, maybe with refinements or transforms). */
export type AnyObjectSchema = z.ZodType<FieldValues, FieldValues>;

export interface SchemaFormOptions<Schema extends AnyObjectSchema> {
  /** The schema, or a loader of it (then give fieldOrder; see the module comment). */
  schema: Schema | (() => Promise<Schema>);
  defaultValues: DefaultValues<z.input<Schema>>;
  /** The catalogue prefix of this form's messages, e.g. 'applications:raiseQuery.errors'. */
  messages: string;
  /** Put before each field's name to make its control's id (e.g. 'raise-query-' gives raise-query-message). */
  idPrefix: string;
  /** The fields in on-screen order, for the error summary; the schema's keys when it is an object. */
  fieldOrder?: ReadonlyArray<Path<z.input<Schema>>>;
  /** Values put into messages, per field (e.g. the shortest reason a field takes). */
  messageParams?: Partial<Record<Path<z.input<Schema>>, Record<string, unknown>>>;
}

export type SchemaForm<Schema extends AnyObjectSchema> = UseFormReturn<z.input<Schema>, unknown, z.output<Schema>> & {
  idPrefix: string;
  idOf: (name: Path<z.input<Schema>>) => string;
  /** The field's error in the reader's language, or undefined. */
  errorOf: (name: Path<z.input<Schema>>) => string | undefined;
  /** The error summary's entries, in the fields' order. */
  summary: FieldError[];
  /** Puts a server refusal's field errors (a 422's `errors`, paths like 'body.new_password') on their fields,
   * worded from `<messages>.<field>.<code>`; answers whether any field took one. */
  setServerErrors: (error: unknown) => boolean;
  /** Starts loading a lazily loaded schema (nothing when it was given as it is); the form element calls it on focus. */
  prepare: () => void;
};

type SchemaResolver<Schema extends AnyObjectSchema> = Resolver<z.input<Schema>, unknown, z.output<Schema>>;

/** A lazily loaded schema could not be fetched. */
class SchemaLoadError extends Error {
  constructor(cause: unknown) {
    super('The form schema could not be loaded', { cause });
  }
}

/** A resolver over a schema that is loaded on first use (or when prepare is called), and again after a failed load. */
function lazyResolver<Schema extends AnyObjectSchema>(load: () => Promise<Schema>) {
  let loading: Promise<SchemaResolver<Schema>> | undefined;
  const prepare = () => {
    loading ??= load().then(
      (schema) => zodResolver(schema as never) as unknown as SchemaResolver<Schema>,
      (error: unknown) => {
        loading = undefined;
        throw new SchemaLoadError(error);
      },
    );
    return loading;
  };
  const resolver: SchemaResolver<Schema> = async (values, context, options) =>
    (await prepare())(values, context, options);
  return { resolver, prepare: () => void prepare().catch(() => undefined) };
}

const NOTHING_TO_PREPARE = () => undefined;

/** A reason written as an issue's message by our own schemas ('in_past'), as opposed to a sentence. */
const REASON = /^[a-z][a-z_]*$/;

function isMissing(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (typeof value === 'number' && Number.isNaN(value))
  );
}

/** Words one field's error: see the module comment for the order of keys. */
export function wordFieldError(
  t: TFunction,
  exists: (key: string) => boolean,
  language: string,
  messages: string,
  field: string,
  error: Pick<HookFieldError, 'type' | 'message'>,
  missing: boolean,
  params: Record<string, unknown> = {},
): string {
  const message = typeof error.message === 'string' ? error.message : '';
  // Set by the page from a server answer, already in the reader's language.
  if (error.type === 'server') return message;
  const type = String(error.type);
  const reason = REASON.test(message) ? message : undefined;
  // An empty field reads as missing, unless the schema named its own reason for it (a rejection's reason).
  const keys = missing
    ? [
        ...(reason ? [`${messages}.${field}.${reason}`] : []),
        `${messages}.${field}.required`,
        `form:validation.required`,
      ]
    : [
        ...(reason ? [`${messages}.${field}.${reason}`] : []),
        `${messages}.${field}.${type}`,
        `${messages}.${field}.invalid`,
        ...(reason ? [`form:validation.${reason}`] : []),
      ];
  const found = keys.find(exists);
  if (found) return t(found, params);
  if (language === 'en' && message && !reason) return message;
  return exists(`form:validation.${type}`) ? t(`form:validation.${type}`, params) : t('form:validation.invalid');
}

export function useSchemaForm<Schema extends AnyObjectSchema>({
  schema,
  defaultValues,
  messages,
  idPrefix,
  fieldOrder,
  messageParams,
}: SchemaFormOptions<Schema>): SchemaForm<Schema> {
  const { t, i18n } = useTranslation();
  const [lazy] = useState(() => (typeof schema === 'function' ? lazyResolver(schema) : undefined));
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    defaultValues,
    resolver: lazy?.resolver ?? (zodResolver(schema as never) as unknown as SchemaResolver<Schema>),
    shouldFocusError: false,
  });
  const order =
    fieldOrder ??
    (typeof schema !== 'function' && 'shape' in schema && typeof schema.shape === 'object' && schema.shape !== null
      ? (Object.keys(schema.shape) as Array<Path<z.input<Schema>>>)
      : []);
  const idOf = useCallback((name: Path<z.input<Schema>>) => `${idPrefix}${name}`, [idPrefix]);
  const { errors } = form.formState;
  const errorOf = (name: Path<z.input<Schema>>) => {
    const error = errors[name] as HookFieldError | undefined;
    if (!error) return undefined;
    return wordFieldError(
      t,
      (key) => i18n.exists(key),
      i18n.resolvedLanguage ?? 'en',
      messages,
      name,
      error,
      isMissing(form.getValues(name)),
      messageParams?.[name],
    );
  };
  const summary = order.flatMap((name) => {
    const message = errorOf(name);
    return message ? [{ fieldId: idOf(name), message }] : [];
  });
  const setServerErrors = (error: unknown) => {
    if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) return false;
    const body = error.body as { code?: unknown; errors?: Array<{ path?: unknown; message?: unknown }> };
    const code = typeof body.code === 'string' ? body.code : undefined;
    let placed = false;
    for (const entry of Array.isArray(body.errors) ? body.errors : []) {
      const name = order.find((field) => entry.path === `body.${field}` || entry.path === field);
      if (!name || form.getFieldState(name).error?.type === 'server') continue;
      const serverWords = typeof entry.message === 'string' ? entry.message : '';
      const key =
        code && [`${messages}.${name}.${code}`, `common:errors.${code}`].find((candidate) => i18n.exists(candidate));
      const message = key
        ? t(key, messageParams?.[name])
        : (i18n.resolvedLanguage ?? 'en') === 'en' && serverWords
          ? serverWords
          : t('form:validation.invalid');
      form.setError(name, { type: 'server', message });
      placed = true;
    }
    return placed;
  };
  const prepare = lazy?.prepare ?? NOTHING_TO_PREPARE;
  return Object.assign(form, { idPrefix, idOf, errorOf, summary, setServerErrors, prepare });
}

export interface FormFieldProps<Schema extends AnyObjectSchema> extends Omit<FieldProps, 'id' | 'error'> {
  form: SchemaForm<Schema>;
  name: Path<z.input<Schema>>;
}

/** A labelled field of a schema form: its id and its worded error come from the form. */
export function FormField<Schema extends AnyObjectSchema>({ form, name, ...field }: FormFieldProps<Schema>) {
  return <Field id={form.idOf(name)} error={form.errorOf(name)} {...field} />;
}

/** The refusal of a server answer, shown inside the form above its fields (never also as a toast). With a focus key
 * (a submit count) it takes focus each time it shows after a submit, which also scrolls it into view: in a dialog
 * whose body was scrolled down to its Submit button it would otherwise sit out of sight. */
export function FormRefusal({ children, focusKey }: { children?: ReactNode; focusKey?: unknown }) {
  const ref = useRef<HTMLParagraphElement>(null);
  const shown = Boolean(children);
  useLayoutEffect(() => {
    if (shown && focusKey !== undefined) ref.current?.focus();
  }, [shown, children, focusKey]);
  if (!children) return null;
  return (
    <p
      ref={ref}
      role="alert"
      tabIndex={focusKey === undefined ? undefined : -1}
      className="rounded-md border-l-4 border-red-700 bg-red-50 p-3 text-red-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-700"
    >
      {children}
    </p>
  );
}

export interface SchemaFormElementProps<Schema extends AnyObjectSchema> {
  form: SchemaForm<Schema>;
  onValid: SubmitHandler<z.output<Schema>>;
  refusal?: string;
  className?: string;
  children: ReactNode;
}

/** A schema form on a page: the error summary, the server's refusal, then the fields and buttons. */
export function SchemaFormElement<Schema extends AnyObjectSchema>({
  form,
  onValid,
  refusal,
  className = 'space-y-5',
  children,
}: SchemaFormElementProps<Schema>) {
  const { t } = useTranslation('form');
  // A lazily loaded schema that cannot be fetched (the connection dropped) fails the submit before any check runs.
  const [loadFailed, setLoadFailed] = useState(false);
  return (
    <>
      <ErrorSummary errors={form.summary} focusKey={form.formState.submitCount} />
      <form
        id={`${form.idPrefix}form`}
        noValidate
        onSubmit={(event) => {
          setLoadFailed(false);
          form
            .handleSubmit(onValid)(event)
            .catch((error: unknown) => {
              if (!(error instanceof SchemaLoadError)) throw error;
              setLoadFailed(true);
            });
        }}
        onFocus={form.prepare}
        className={className}
      >
        <FormRefusal>{loadFailed ? t('loadFailed') : refusal}</FormRefusal>
        {children}
      </form>
    </>
  );
}
