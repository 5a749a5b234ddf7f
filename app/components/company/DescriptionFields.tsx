import { SimpleGrid, Stack, Textarea } from "@mantine/core";
import { FormTranslateButton } from "~/components/translation/TranslateButton";
import { useState } from "react";
import { useFormat, useT } from "~/i18n/i18n-context";
import type { MessageKey } from "~/i18n/translate";
import { LIMITS } from "~/schemas/company";

interface Props {
  defaultDe: string;
  defaultCs: string;
  errorDe?: string | undefined;
  errorCs?: string | undefined;
  /** The saved company (edit page): each field gets a "translate from the other language" button, if a service is configured. */
  companyId?: string | undefined;
}

/** The German and Czech descriptions side by side, both required, each with a character counter. */
export function DescriptionFields({ defaultDe, defaultCs, errorDe, errorCs, companyId }: Props) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Stack gap="xs">
        <DescriptionField name="descriptionDe" lang="de" labelKey="company.field.descriptionDe" defaultValue={defaultDe} error={errorDe} />
        {companyId && (
          <FormTranslateButton kind="company" subjectId={companyId} field="description" from="cs" to="de" sourceName="descriptionCs" targetName="descriptionDe" testId="translate-descriptionDe" />
        )}
      </Stack>
      <Stack gap="xs">
        <DescriptionField name="descriptionCs" lang="cs" labelKey="company.field.descriptionCs" defaultValue={defaultCs} error={errorCs} />
        {companyId && (
          <FormTranslateButton kind="company" subjectId={companyId} field="description" from="de" to="cs" sourceName="descriptionDe" targetName="descriptionCs" testId="translate-descriptionCs" />
        )}
      </Stack>
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
