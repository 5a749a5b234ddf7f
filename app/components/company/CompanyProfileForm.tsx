import { Button, Group, Paper, Stack, TextInput, Title } from "@mantine/core";
import { type FormEvent, type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FormError, useFieldError } from "~/components/FormError";
import { useT } from "~/i18n/i18n-context";
import { isMessageKey } from "~/i18n/translate";
import { LIMITS } from "~/schemas/company";
import type { CompanyFormValues } from "~/schemas/company-form";
import { DescriptionFields } from "./DescriptionFields";
import { type ActionFailureLike, type CodeWithValues, type CompanyFormErrors, serverErrors, validateCompanyForm } from "./form-errors";
import { HeadquartersFields } from "./HeadquartersFields";
import { LogoField } from "./LogoField";
import { NacePicker } from "./NacePicker";
import { TagPicker } from "./TagPicker";
import type { NaceOption, TagOption } from "./types";

interface Props {
  mode: "create" | "edit";
  nace: NaceOption[];
  tags: TagOption[];
  defaults: CompanyFormValues;
  currentLogoKey?: string | null | undefined;
  failure?: ActionFailureLike | undefined;
  /** Where "cancel" leads (edit: back to the profile). */
  cancelHref?: string | undefined;
}

/**
 * The company profile form shared by the create and edit pages. It checks the fields with the
 * same schema the server uses before submitting and always shows the server's field errors.
 */
export function CompanyProfileForm({ mode, nace, tags, defaults, currentLogoKey, failure, cancelHref }: Props) {
  const t = useT();
  const fieldError = useFieldError();
  const busy = useNavigation().state !== "idle";
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<{ errors: CompanyFormErrors; attempt: number } | null>(null);
  const fromServer = useMemo(() => serverErrors(failure), [failure]);
  const errors = clientErrors?.errors ?? fromServer;
  const f = (field: string) => fieldError(errors.fields[field]);

  // After a blocked submit (or a server answer), move focus to the first field with an error.
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [clientErrors?.attempt, failure]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const found = validateCompanyForm(new FormData(event.currentTarget), mode);
    if (found) {
      event.preventDefault();
      setClientErrors((prev) => ({ errors: found, attempt: (prev?.attempt ?? 0) + 1 }));
    } else {
      setClientErrors(null);
    }
  };

  return (
    <Form ref={formRef} method="post" encType="multipart/form-data" noValidate onSubmit={onSubmit} data-testid="company-form">
      <Stack gap="lg">
        <Section title={t("company.form.sectionCompany")}>
          <TextInput
            name="name"
            label={t("company.field.name")}
            defaultValue={defaults.name}
            maxLength={LIMITS.name}
            autoComplete="organization"
            withAsterisk
            error={f("name")}
          />
          <TextInput
            name="website"
            // A bare domain is fine (https:// is added, UrlSchema): no type="url", whose browser
            // check wants the scheme; the hint shows the example, so no placeholder to mistake for a value.
            inputMode="url"
            label={t("company.field.website")}
            description={t("company.field.websiteDescription")}
            defaultValue={defaults.website}
            maxLength={LIMITS.url}
            autoComplete="url"
            withAsterisk
            error={f("website")}
          />
          <LogoField required={mode === "create"} currentLogoKey={currentLogoKey} error={errorText(t, errors.logo)} />
        </Section>

        <Section title={t("company.form.sectionClassification")}>
          <NacePicker options={nace} defaultValue={defaults.nace} error={f("nace")} />
          <TagPicker tags={tags} defaultTags={defaults.tags} defaultNewTags={defaults.newTags} error={f("tags")} />
        </Section>

        <Section title={t("company.form.sectionDescription")}>
          <DescriptionFields defaultDe={defaults.descriptionDe} defaultCs={defaults.descriptionCs} errorDe={f("descriptionDe")} errorCs={f("descriptionCs")} />
        </Section>

        {mode === "create" && (
          <Section title={t("company.form.sectionHeadquarters")}>
            <HeadquartersFields defaults={defaults} errors={errors.fields} />
          </Section>
        )}

        <FormError code={errors.form?.code} values={errors.form?.values} />
        <Group>
          <Button type="submit" loading={busy} data-testid="company-submit">
            {t(mode === "create" ? "company.form.submitCreate" : "company.form.submitSave")}
          </Button>
          {cancelHref && (
            <Button component={Link} to={cancelHref} variant="default">
              {t("action.cancel")}
            </Button>
          )}
        </Group>
      </Stack>
    </Form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" component="section">
      <Stack>
        <Title order={2} size="h3">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function errorText(t: ReturnType<typeof useT>, error: CodeWithValues | null): string | undefined {
  if (!error) return undefined;
  const key = `error.${error.code}`;
  return isMessageKey(key) ? t(key, error.values) : t("error.GENERIC");
}
