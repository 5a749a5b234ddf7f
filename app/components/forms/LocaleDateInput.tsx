import { TextInput, type TextInputProps } from "@mantine/core";
import { useState } from "react";
import { useLocale } from "~/i18n/i18n-context";
import { datePlaceholder, formatDateInput, parseDateInput } from "~/schemas/date-input";

type Props = Omit<TextInputProps, "value" | "onChange" | "defaultValue"> & { name: string; defaultValue: string };

/**
 * A date typed in the user's locale (spec §5 "Date input": de `24.12.2026`, cs `24. 12. 2026`,
 * mm/dd/yyyy understood as a fallback). A plain text field, so it works without JavaScript and
 * the server parses exactly what was typed (app/schemas/date-input.ts); when the field is left,
 * a readable date is rewritten in the locale's spelling so the user sees how it was understood.
 */
export function LocaleDateInput({ name, defaultValue, ...props }: Props) {
  const locale = useLocale();
  const [value, setValue] = useState(defaultValue);
  return (
    <TextInput
      {...props}
      name={name}
      value={value}
      placeholder={datePlaceholder(locale)}
      inputMode="numeric"
      autoComplete="off"
      onChange={(e) => setValue(e.currentTarget.value)}
      onBlur={() => {
        const parsed = parseDateInput(value, new Date().getFullYear());
        if (parsed) setValue(formatDateInput(parsed, locale));
      }}
    />
  );
}
