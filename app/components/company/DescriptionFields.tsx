import { SimpleGrid, Textarea } from "@mantine/core";
import { useState } from "react";
import { useFormat, useT } from "~/i18n/i18n-context";
import type { MessageKey } from "~/i18n/translate";
import { LIMITS } from "~/schemas/company";

interface Props {
  defaultDe: string;
  defaultCs: string;
  errorDe?: string | undefined;
  errorCs?: string | undefined;
}

/** The German and Czech descriptions side by side, both required, each with a character counter. */
export function DescriptionFields({ defaultDe, defaultCs, errorDe, errorCs }: Props) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <DescriptionField name="descriptionDe" lang="de" labelKey="company.field.descriptionDe" defaultValue={defaultDe} error={errorDe} />
      <DescriptionField name="descriptionCs" lang="cs" labelKey="company.field.descriptionCs" defaultValue={defaultCs} error={errorCs} />
    </SimpleGrid>
  );
}

function DescriptionField(props: { name: string; lang: string; labelKey: MessageKey; defaultValue: string; error: string | undefined }) {
  const t = useT();
  const format = useFormat();
  const [value, setValue] = useState(props.defaultValue);
  return (
    <Textarea
      name={props.name}
      lang={props.lang}
      label={t(props.labelKey)}
      description={t("company.field.charCount", { count: format.number(value.length), max: format.number(LIMITS.description) })}
      inputWrapperOrder={["label", "input", "description", "error"]}
      value={value}
      onChange={(e) => setValue(e.currentTarget.value)}
      maxLength={LIMITS.description}
      autosize
      minRows={6}
      maxRows={16}
      withAsterisk
      error={props.error}
      data-testid={`field-${props.name}`}
    />
  );
}
