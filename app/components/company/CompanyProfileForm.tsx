import { Stack, TextInput } from "@mantine/core";
import { FormSection } from "~/components/forms/FormSection";
import { useMemo } from "react";
import { Form, useNavigation } from "react-router";
import { FormFooter } from "~/components/forms/FormFooter";
import { type FieldErrorMap, useLiveValidation } from "~/components/forms/use-live-validation";
import { useT } from "~/i18n/i18n-context";
import { LIMITS } from "~/schemas/company";
import type { CompanyFormValues } from "~/schemas/company-form";
import { DescriptionFields } from "./DescriptionFields";
import { type ActionFailureLike, type CompanyFormErrors, serverErrors, validateCompanyForm } from "./form-errors";
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
  /** The saved company (edit): enables the translate buttons (decision 041). */
  companyId?: string | undefined;
}

/** The form's errors per field, the logo's (with its values) under `logo`. */
function byField(errors: CompanyFormErrors | null): FieldErrorMap {
  if (!errors) return {};
  return { ...errors.fields, ...(errors.logo ? { logo: errors.logo } : {}) };
}

/**
 * The company profile form shared by the create and edit pages. It checks the fields with the
 * same schema the server uses as the user types (useLiveValidation) and shows the server's
 * field errors until their field changes.
 */
export function CompanyProfileForm({ mode, nace, tags, defaults, currentLogoKey, failure, cancelHref, companyId }: Props) {
  const t = useT();
  const busy = useNavigation().state !== "idle";
  const fromServer = useMemo(() => serverErrors(failure), [failure]);
  const serverFields = useMemo(() => (failure ? byField(fromServer) : undefined), [failure, fromServer]);
  const { formProps, error: f, showBanner } = useLiveValidation({
    validate: (form) => byField(validateCompanyForm(form, mode)),
    serverErrors: serverFields,
  });
  // A server code no field explains (a rate limit, say) stays until the next submit.

  return (
    <Form {...formProps} method="post" encType="multipart/form-data" data-testid="company-form">
      <Stack gap="lg">
        <FormSection title={t("company.form.sectionCompany")}>
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
          <LogoField required={mode === "create"} currentLogoKey={currentLogoKey} error={f("logo")} />
        </FormSection>

        <FormSection title={t("company.form.sectionClassification")}>
          <NacePicker options={nace} defaultValue={defaults.nace} error={f("nace")} />
          <TagPicker tags={tags} defaultTags={defaults.tags} defaultNewTags={defaults.newTags} error={f("tags")} />
        </FormSection>

        <FormSection title={t("company.form.sectionDescription")}>
          <DescriptionFields defaultDe={defaults.descriptionDe} defaultCs={defaults.descriptionCs} errorDe={f("descriptionDe")} errorCs={f("descriptionCs")} companyId={companyId} />
        </FormSection>

        {mode === "create" && (
          <FormSection title={t("company.form.sectionHeadquarters")}>
            <HeadquartersFields defaults={defaults} error={f} />
          </FormSection>
        )}

        <FormFooter
          showBanner={showBanner}
          serverForm={fromServer.form}
          submitLabel={t(mode === "create" ? "company.form.submitCreate" : "company.form.submitSave")}
          submitTestId="company-submit"
          busy={busy}
          cancelHref={cancelHref}
        />
      </Stack>
    </Form>
  );
}

