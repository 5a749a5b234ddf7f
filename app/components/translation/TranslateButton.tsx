import { Button, Group, Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useRootData } from "~/root-data";
import { useT } from "~/i18n/i18n-context";
import { isMessageKey } from "~/i18n/translate";
import type { TranslationField, TranslationJobView, TranslationKind, TranslationLanguageCode } from "~/schemas/translation";

/** How often, and how long, the button asks for its job's state ("polls briefly"). */
const POLL_MS = 1_000;
const POLL_FOR_MS = 90_000;

interface Props {
  kind: TranslationKind;
  /** The company, event or news item (absent on create pages and for new tags). */
  subjectId?: string | undefined;
  field: TranslationField;
  from: TranslationLanguageCode;
  to: TranslationLanguageCode;
  /** The source field's current text (saved or not). */
  getSource: () => string;
  /** Puts the suggestion into the target field; the user reviews it and saves (or not). */
  onResult: (text: string) => void;
  testId?: string;
}

type State =
  | { step: "idle" }
  | { step: "running" }
  | { step: "done" }
  | { step: "slow" }
  | { step: "error"; message: string };

/**
 * "Translate from German / Czech" beside the other language's field (decision 041): asks the
 * server for a translation job, polls its state for a while, and puts the suggestion into the
 * field. Nothing is saved until the user saves the form. Hidden without a configured service.
 */
export function TranslateButton({ kind, subjectId, field, from, to, getSource, onResult, testId }: Props) {
  const t = useT();
  const enabled = useRootData()?.machineTranslation ?? false;
  const [state, setState] = useState<State>({ step: "idle" });
  const abort = useRef<AbortController | null>(null);
  // It needs JavaScript: disabled in the server's HTML, enabled once the page is hydrated.
  const [ready, setReady] = useState(false);
  useEffect(() => {
    setReady(true);
    return () => abort.current?.abort();
  }, []);
  if (!enabled) return null;

  const errorMessage = (code: string | undefined) => {
    const key = `error.${code ?? "GENERIC"}`;
    return isMessageKey(key) ? t(key) : t("error.GENERIC");
  };

  const run = async () => {
    const text = getSource().trim();
    if (!text) {
      setState({ step: "error", message: t(from === "de" ? "translation.sourceEmptyDe" : "translation.sourceEmptyCs") });
      return;
    }
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setState({ step: "running" });
    try {
      const body = new FormData();
      body.set("kind", kind);
      if (subjectId) body.set("subjectId", subjectId);
      body.set("field", field);
      body.set("from", from);
      body.set("to", to);
      body.set("text", text);
      const response = await fetch("/api/translations", { method: "POST", body, signal: controller.signal });
      const requested = (await response.json().catch(() => ({ ok: false, error: "GENERIC" }))) as { ok: boolean; error?: string; kind?: string; id?: string };
      if (!requested.ok || !requested.id) {
        setState({ step: "error", message: errorMessage(requested.error) });
        return;
      }
      const until = Date.now() + POLL_FOR_MS;
      while (Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        if (controller.signal.aborted) return;
        const polled = await fetch(`/api/translations?kind=${encodeURIComponent(kind)}&id=${encodeURIComponent(requested.id)}`, { signal: controller.signal });
        const answer = (await polled.json().catch(() => ({ ok: false, error: "GENERIC" }))) as { ok: boolean; error?: string; job?: TranslationJobView };
        if (!answer.ok || !answer.job) {
          setState({ step: "error", message: errorMessage(answer.error) });
          return;
        }
        if (answer.job.status === "DONE" && answer.job.result !== null) {
          onResult(answer.job.result);
          setState({ step: "done" });
          return;
        }
        if (answer.job.status === "FAILED") {
          const reason = `translation.reason.${answer.job.errorCode ?? ""}`;
          setState({ step: "error", message: `${errorMessage("TRANSLATION_FAILED")}${isMessageKey(reason) ? ` (${t(reason)})` : ""}` });
          return;
        }
      }
      setState({ step: "slow" });
    } catch {
      if (!controller.signal.aborted) setState({ step: "error", message: errorMessage("TRANSLATION_FAILED") });
    }
  };

  const label = t(from === "de" ? "translation.fromDe" : "translation.fromCs");
  return (
    <Group gap="xs" wrap="wrap" align="center">
      <Button type="button" variant="light" size="xs" onClick={() => void run()} disabled={!ready} loading={state.step === "running"} data-testid={testId} data-state={state.step}>
        {label}
      </Button>
      <div aria-live="polite" role="status">
        {state.step === "running" && <Text size="sm">{t("translation.running")}</Text>}
        {state.step === "done" && (
          <Text size="sm" data-testid={testId ? `${testId}-done` : undefined}>
            {t("translation.done")}
          </Text>
        )}
        {state.step === "slow" && <Text size="sm">{t("translation.slow")}</Text>}
        {state.step === "error" && (
          <Text size="sm" c="red.8" data-testid={testId ? `${testId}-error` : undefined}>
            {state.message}
          </Text>
        )}
      </div>
    </Group>
  );
}

/**
 * Sets a form field's value as if the user had typed it (React's onChange and the form's live
 * validation see an input event). Rich-text fields listen for `partnernet:set-html` instead.
 */
export function setFormFieldValue(form: HTMLFormElement | null | undefined, name: string, value: string): void {
  const element = form?.elements.namedItem(name);
  if (element instanceof HTMLInputElement && element.type === "hidden") {
    element.dispatchEvent(new CustomEvent("partnernet:set-html", { detail: value }));
    return;
  }
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLInputElement) {
    const prototype = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(element, value);
    element.dispatchEvent(new Event("input", { bubbles: true }));
  }
}

/** A form field's current value by name. */
export function formFieldValue(form: HTMLFormElement | null | undefined, name: string): string {
  const element = form?.elements.namedItem(name);
  return element instanceof HTMLTextAreaElement || element instanceof HTMLInputElement ? element.value : "";
}

interface FieldProps extends Omit<Props, "getSource" | "onResult"> {
  sourceName: string;
  targetName: string;
}

/** The button for two named fields of the surrounding form (reads one, fills the other). */
export function FormTranslateButton({ sourceName, targetName, ...props }: FieldProps) {
  const anchor = useRef<HTMLSpanElement>(null);
  const form = () => anchor.current?.closest("form");
  return (
    <span ref={anchor} style={{ display: "contents" }}>
      <TranslateButton {...props} getSource={() => formFieldValue(form(), sourceName)} onResult={(text) => setFormFieldValue(form(), targetName, text)} />
    </span>
  );
}
