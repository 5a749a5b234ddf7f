import { NativeSelect, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useMemo } from "react";
import { Form, useNavigation } from "react-router";
import { RichTextField } from "~/components/events/RichTextField";
import { FormTranslateButton } from "~/components/translation/TranslateButton";
import { FormFooter } from "~/components/forms/FormFooter";
import { FormSection } from "~/components/forms/FormSection";
import { useLiveValidation } from "~/components/forms/use-live-validation";
import { useT } from "~/i18n/i18n-context";
import { NEWS_LIMITS } from "~/schemas/news";
import type { NewsFormValues } from "~/schemas/news-values";
import { type NewsActionFailure, newsFormValidator, newsServerErrors } from "./news-form-errors";
import { NewsImageField } from "./NewsImageField";
import { NewsPublicationFields } from "./NewsPublicationFields";

export interface CompanyChoice {
  id: string;
  name: string;
}

interface Props {
  mode: "create" | "edit";
  defaults: NewsFormValues;
  /** Create: the companies the actor may publish for (a select when there are several). */
  companyChoices: CompanyChoice[];
  /** Edit: the current image (the company stays; the page names it). */
  imageKey?: string | undefined;
  /** Edit: the item is out already ("publish now" keeps its date). */
  alreadyPublished?: boolean;
  failure?: NewsActionFailure | undefined;
  cancelHref: string;
  /** Edit: the news item (its editors may ask for translations); create: none yet. */
  newsId?: string | undefined;
}

/**
 * The news create and edit form: German and Czech side by side from md up (stacked on phones,
 * German first), the server's schema checked as the user types (useLiveValidation), the server's
 * field errors until their field changes, the first invalid field focused.
 */
export function NewsForm({ mode, defaults, companyChoices, imageKey, alreadyPublished = false, failure, cancelHref, newsId }: Props) {
  const t = useT();
  const busy = useNavigation().state !== "idle";
  const validate = useMemo(() => newsFormValidator(new Date().getFullYear(), mode === "create"), [mode]);
  const server = useMemo(() => newsServerErrors(failure), [failure]);
  const { formProps, error: f, showBanner } = useLiveValidation({ validate, serverErrors: server.fields });

  return (
    <Form {...formProps} method="post" encType="multipart/form-data" data-testid="news-form">
      <input type="hidden" name="intent" value="save" />
      <Stack gap="lg">
        {mode === "create" && companyChoices.length > 1 && (
          <FormSection title={t("newsForm.sectionCompany")}>
            <NativeSelect
              name="companyId"
              label={t("newsForm.company")}
              data={[{ value: "", label: t("newsForm.companyChoose") }, ...companyChoices.map((c) => ({ value: c.id, label: c.name }))]}
              defaultValue={defaults.companyId}
              withAsterisk
              error={f("companyId")}
              data-testid="news-company"
            />
          </FormSection>
        )}
        {mode === "create" && companyChoices.length === 1 && <input type="hidden" name="companyId" value={companyChoices[0]!.id} />}

        <FormSection title={t("newsForm.sectionText")}>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Stack>
              <TextInput name="titleDe" lang="de" label={t("newsForm.titleDe")} defaultValue={defaults.titleDe} maxLength={NEWS_LIMITS.title} withAsterisk error={f("titleDe")} />
              <FormTranslateButton kind="news" subjectId={newsId} field="title" from="cs" to="de" sourceName="titleCs" targetName="titleDe" testId="translate-titleDe" />
              <RichTextField name="descriptionDe" lang="de" label={t("newsForm.descriptionDe")} defaultValue={defaults.descriptionDe} error={f("descriptionDe")} />
              <FormTranslateButton kind="news" subjectId={newsId} field="description" from="cs" to="de" sourceName="descriptionCs" targetName="descriptionDe" testId="translate-descriptionDe" />
            </Stack>
            <Stack>
              <TextInput name="titleCs" lang="cs" label={t("newsForm.titleCs")} defaultValue={defaults.titleCs} maxLength={NEWS_LIMITS.title} withAsterisk error={f("titleCs")} />
              <FormTranslateButton kind="news" subjectId={newsId} field="title" from="de" to="cs" sourceName="titleDe" targetName="titleCs" testId="translate-titleCs" />
              <RichTextField name="descriptionCs" lang="cs" label={t("newsForm.descriptionCs")} defaultValue={defaults.descriptionCs} error={f("descriptionCs")} />
              <FormTranslateButton kind="news" subjectId={newsId} field="description" from="de" to="cs" sourceName="descriptionDe" targetName="descriptionCs" testId="translate-descriptionCs" />
            </Stack>
          </SimpleGrid>
        </FormSection>

        <FormSection title={t("newsForm.sectionImage")}>
          <NewsImageField required={mode === "create"} currentKey={imageKey} error={f("image")} />
        </FormSection>

        <FormSection title={t("newsForm.sectionPublication")}>
          <NewsPublicationFields
            publishNow={defaults.publishNow}
            publishDate={defaults.publishDate}
            publishTime={defaults.publishTime}
            alreadyPublished={alreadyPublished}
            error={f}
          />
        </FormSection>

        <FormFooter
          showBanner={showBanner}
          serverForm={server.form}
          submitLabel={t(mode === "create" ? "newsForm.submitCreate" : "newsForm.submitSave")}
          submitTestId="news-submit"
          busy={busy}
          cancelHref={cancelHref}
        />
      </Stack>
    </Form>
  );
}
