import { Input, Textarea } from "@mantine/core";
import { lazy, Suspense, useEffect, useId, useState } from "react";

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
  const id = useId();
  useEffect(() => setMounted(true), []);
  if (!mounted) {
    return <Textarea name={name} lang={lang} label={label} description={description} defaultValue={defaultValue} autosize minRows={6} withAsterisk error={error} />;
  }
  // While the editor loads: the same text, read-only, under the wrapper's label (not a second one).
  const fallback = <Textarea lang={lang} aria-label={label} value={html} readOnly autosize minRows={6} />;
  return (
    <Input.Wrapper label={label} description={description} error={error} withAsterisk labelElement="div" id={`${id}-wrapper`} errorProps={{ id: `${id}-error` }}>
      <Suspense fallback={fallback}>
        <Editor id={`${id}-editor`} lang={lang} label={label} defaultValue={defaultValue} invalid={!!error} describedBy={error ? `${id}-error` : undefined} onChange={setHtml} />
      </Suspense>
      <input type="hidden" name={name} value={html} />
    </Input.Wrapper>
  );
}
