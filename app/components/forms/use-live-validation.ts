import { type FocusEvent, type FormEvent, type SyntheticEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { z } from "zod";
import { useT } from "~/i18n/i18n-context";
import { isMessageKey } from "~/i18n/translate";
import { formToObject } from "~/schemas/form-data";
import { fieldErrors } from "~/schemas/form-errors";

/** An error code with the values its message needs (e.g. {maxMb}). */
export interface CodeWithValues {
  code: string;
  values?: Record<string, string | number> | undefined;
}

/** Errors per field name: a code, or a code with values. */
export type FieldErrorMap = Partial<Record<string, string | CodeWithValues>>;

/** The browser's check of a form: the same zod schema the action parses (decision 014). */
export type FormValidator = (form: FormData) => FieldErrorMap;

/** A validator from a shared schema; `arrays` are the fields that repeat (checkbox groups, pickers). */
export function schemaValidator(schema: z.ZodType, arrays: readonly string[] = []): FormValidator {
  return (form) => {
    const parsed = schema.safeParse(formToObject(form, arrays));
    return parsed.success ? {} : fieldErrors(parsed.error);
  };
}

const asCode = (error: string | CodeWithValues | undefined): CodeWithValues | undefined =>
  error === undefined ? undefined : typeof error === "string" ? { code: error } : error;

/** A field's value(s) as one string, to tell whether it changed since the last submit. */
function valueOf(form: FormData, name: string): string {
  return form
    .getAll(name)
    .map((v) => (typeof v === "string" ? v : `${v.name}:${v.size}:${v.lastModified}`))
    .join("\u0001");
}

function isSubmitButton(target: EventTarget | null): boolean {
  return target instanceof Element && target.matches("button[type='submit'], input[type='submit']");
}

/** The field an event concerns: its element's name, or the `data-field` of a composite picker. */
function fieldOf(target: EventTarget | null): string | null {
  if (!(target instanceof Element)) return null;
  const named = target.getAttribute("name");
  if (named) return named;
  return target.closest<HTMLElement>("[data-field]")?.dataset["field"] ?? null;
}

interface Options {
  validate: FormValidator;
  /** The server's field errors of the last answer (a new object per answer). */
  serverErrors?: FieldErrorMap | undefined;
}

interface State {
  /** Errors of the current values (client check). */
  client: FieldErrorMap;
  /** A submit was attempted (or the server answered): every error is shown from now on. */
  submitted: boolean;
  /** Fields left (blur) before the first submit: their errors show early. */
  touched: ReadonlySet<string>;
  /** Fields whose value differs from the one last submitted (server errors stop applying). */
  edited: ReadonlySet<string>;
  /** Counts blocked submits and server answers: each moves the focus to the first invalid field. */
  attempt: number;
}

/**
 * Form validation that follows the user: the same zod schema as the server's, re-run on every
 * input, change, click and blur, so a message disappears as soon as its field is valid, and the
 * "please check your input" banner as soon as none is left. Before the first submit a field's
 * error shows once the field is left; a submit with errors is blocked and shows them all, with the
 * focus on the first invalid field. The server's field errors (checks the browser cannot make,
 * or a browser without JavaScript) show until their field is changed.
 *
 * Spread `formProps` on the <form> (React Router's Form or a fetcher's); read `error(name)`.
 */
export function useLiveValidation({ validate, serverErrors }: Options) {
  const t = useT();
  const ref = useRef<HTMLFormElement>(null);
  const submittedValues = useRef<FormData | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const validateRef = useRef(validate);
  useEffect(() => {
    validateRef.current = validate;
  });
  const [state, setState] = useState<State>({ client: {}, submitted: false, touched: new Set(), edited: new Set(), attempt: 0 });

  const check = useCallback((touchedField: string | null = null) => {
    const form = ref.current;
    if (!form) return;
    const data = new FormData(form);
    const client = validateRef.current(data);
    const before = submittedValues.current;
    setState((prev) => {
      const edited = new Set<string>();
      if (before) for (const name of new Set([...before.keys(), ...data.keys()])) if (valueOf(before, name) !== valueOf(data, name)) edited.add(name);
      const touched = touchedField && !prev.touched.has(touchedField) ? new Set([...prev.touched, touchedField]) : prev.touched;
      return { ...prev, client, edited, touched };
    });
  }, []);

  // Checked after the event has been handled, so pickers have rendered their hidden inputs.
  const schedule = useCallback(
    (field: string | null = null) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => check(field), 0);
    },
    [check],
  );
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  // A new server answer: its errors are for the values just sent.
  useEffect(() => {
    if (!serverErrors || Object.keys(serverErrors).length === 0) return;
    if (ref.current && !submittedValues.current) submittedValues.current = new FormData(ref.current);
    setState((prev) => ({ ...prev, submitted: true, edited: new Set(), attempt: prev.attempt + 1 }));
  }, [serverErrors]);

  const shown = useMemo(() => {
    const result: Record<string, CodeWithValues> = {};
    const names = new Set([...Object.keys(state.client), ...Object.keys(serverErrors ?? {})]);
    for (const name of names) {
      const client = asCode(state.client[name]);
      if (client && (state.submitted || state.touched.has(name))) result[name] = client;
      else if (!client && !state.edited.has(name)) {
        const server = asCode(serverErrors?.[name]);
        if (server) result[name] = server;
      }
    }
    return result;
  }, [state, serverErrors]);

  // After a blocked submit or a server answer, the first invalid field takes the focus: an input
  // marked aria-invalid, or one named like a field in error (checkboxes carry no aria-invalid).
  const invalidNames = useRef<string[]>([]);
  invalidNames.current = Object.keys(shown);
  useEffect(() => {
    if (state.attempt === 0 || !ref.current) return;
    const candidates = ref.current.querySelectorAll<HTMLElement>("[aria-invalid='true'], input:not([type='hidden']), select, textarea");
    const first = [...candidates].find(
      (el) => el.getAttribute("aria-invalid") === "true" || invalidNames.current.includes(el.getAttribute("name") ?? ""),
    );
    first?.focus();
  }, [state.attempt]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const data = new FormData(event.currentTarget);
    const client = validateRef.current(data);
    if (Object.keys(client).length > 0) {
      event.preventDefault();
      setState((prev) => ({ ...prev, client, submitted: true, attempt: prev.attempt + 1 }));
      return;
    }
    submittedValues.current = data;
    setState((prev) => ({ ...prev, client, edited: new Set() }));
  };

  const onEvent = (event: SyntheticEvent) => {
    // Leaving a field for the submit button: the submit checks everything at once. Showing the
    // field's error now would push the button down between mousedown and mouseup, and the click
    // would land beside it (seen on a loaded machine).
    if (event.type === "blur" && isSubmitButton((event as FocusEvent<HTMLElement>).relatedTarget)) return;
    schedule(event.type === "blur" ? fieldOf(event.target) : null);
  };

  /** The translated message of a field's error, if it is to be shown. */
  const error = (name: string): string | undefined => {
    const found = shown[name];
    if (!found) return undefined;
    const key = `error.${found.code}`;
    return isMessageKey(key) ? t(key, found.values) : t("error.GENERIC");
  };

  return {
    formProps: { ref, noValidate: true, onSubmit, onInput: onEvent, onChange: onEvent, onClick: onEvent, onKeyUp: onEvent, onBlur: onEvent },
    error,
    /** Field names with a shown error. */
    invalidFields: Object.keys(shown),
    /** Whether the "please check your input" banner belongs above the buttons. */
    showBanner: Object.keys(shown).length > 0,
  };
}
