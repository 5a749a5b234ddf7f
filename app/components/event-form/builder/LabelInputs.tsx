import { SimpleGrid, Textarea, TextInput } from "@mantine/core";
import { useT } from "~/i18n/i18n-context";

type Label = { de: string; cs: string };

interface Props {
  /** Localized: German and Czech side by side; plain: one input whose text serves both languages. */
  localized: boolean;
  value: Label | undefined;
  onChange: (value: Label) => void;
  label: string;
  /** The error message, shown at the inputs that are empty (at all of them when none is). */
  error?: string | undefined;
  multiline?: boolean;
  required?: boolean;
  maxLength: number;
  testId: string;
}

/** One text of a field (title, description, placeholder, option) in one or two languages. */
export function LabelInputs({ localized, value, onChange, label, error, multiline, required, maxLength, testId }: Props) {
  const t = useT();
  const current = value ?? { de: "", cs: "" };
  const Input = multiline ? Textarea : TextInput;
  const extra = multiline ? { autosize: true, minRows: 2, maxRows: 6 } : {};
  if (!localized) {
    return (
      <Input
        {...extra}
        label={label}
        withAsterisk={required}
        value={current.de || current.cs}
        onChange={(e) => onChange({ de: e.currentTarget.value, cs: e.currentTarget.value })}
        error={error}
        maxLength={maxLength}
        data-testid={testId}
      />
    );
  }
  const bothFilled = current.de.trim() !== "" && current.cs.trim() !== "";
  const errorAt = (lang: "de" | "cs") => (error && (bothFilled || current[lang].trim() === "") ? error : undefined);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Input
        {...extra}
        label={t("eventForm.builder.inGerman", { label })}
        lang="de"
        withAsterisk={required}
        value={current.de}
        onChange={(e) => onChange({ ...current, de: e.currentTarget.value })}
        error={errorAt("de")}
        maxLength={maxLength}
        data-testid={`${testId}-de`}
      />
      <Input
        {...extra}
        label={t("eventForm.builder.inCzech", { label })}
        lang="cs"
        withAsterisk={required}
        value={current.cs}
        onChange={(e) => onChange({ ...current, cs: e.currentTarget.value })}
        error={errorAt("cs")}
        maxLength={maxLength}
        data-testid={`${testId}-cs`}
      />
    </SimpleGrid>
  );
}
