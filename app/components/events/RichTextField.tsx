import { Input, Textarea } from "@mantine/core";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";

const Editor = lazy(() => import("./RichTextEditor.client"));

interface Props {
  name: string;
  lang: string;
  label: string;
  description?: string;
  defaultValue: string;
  error?: string | undefined;
}

/**
 * A rich-text field posting HTML under `name`. The server renders (and a browser without
 * JavaScript keeps) a plain textarea; after hydration the editor takes over and writes its HTML
 * into a hidden input of the same name. Either way the server sanitises what arrives.
 */
export function RichTextField({ name, lang, label, description, defaultValue, error }: Props) {
  const [mounted, setMounted] = useState(false);
  const [html, setHtml] = useState(defaultValue);
  // A machine translation's suggestion (decision 041) replaces the text: the editor starts anew with it.
  const [version, setVersion] = useState(0);
  const hidden = useRef<HTMLInputElement>(null);
  const id = useId();
  useEffect(() => setMounted(true), []);
  useEffect(() => {
    const input = hidden.current;
    if (!input) return;
    const replace = (event: Event) => {
      const value = (event as CustomEvent<unknown>).detail;
      if (typeof value !== "string") return;
      setHtml(value);
      setVersion((v) => v + 1);
    };
    input.addEventListener("partnernet:set-html", replace);
    return () => input.removeEventListener("partnernet:set-html", replace);
  }, [mounted]);
  if (!mounted) {
    return <Textarea name={name} lang={lang} label={label} description={description} defaultValue={defaultValue} autosize minRows={6} withAsterisk error={error} />;
  }
  // While the editor loads: the same text, read-only, under the wrapper's label (not a second one).
  const fallback = <Textarea lang={lang} aria-label={label} value={html} readOnly autosize minRows={6} />;
  return (
    <Input.Wrapper label={label} description={description} error={error} withAsterisk labelElement="div" id={`${id}-wrapper`} errorProps={{ id: `${id}-error` }}>
      <Suspense fallback={fallback}>
        <Editor key={version} id={`${id}-editor`} lang={lang} label={label} defaultValue={version === 0 ? defaultValue : html} invalid={!!error} describedBy={error ? `${id}-error` : undefined} onChange={setHtml} />
      </Suspense>
      <input ref={hidden} type="hidden" name={name} value={html} />
    </Input.Wrapper>
  );
}
