import { Stack, Text, Title } from "@mantine/core";
import { redirect, useActionData, useLoaderData } from "react-router";
import { CompanyProfileForm } from "~/components/company/CompanyProfileForm";
import { naceOptionsFor } from "~/components/company/nace-options";
import { useT } from "~/i18n/i18n-context";
import { localeOfPath } from "~/i18n/locales";
import { pageMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import {
  COMPANY_FORM_ARRAY_FIELDS,
  CompanyCreateFormSchema,
  type CompanyFormValues,
  EMPTY_COMPANY_FORM,
  splitCreateInput,
  submittedValues,
  uploadedLogo,
} from "~/schemas/company-form";
import { createCompany } from "~/server/companies/profile.server";
import { listTags } from "~/server/companies/tags.server";
import { getDb } from "~/server/db/client.server";
import { handleAction, parseForm, readForm } from "~/server/http/actions.server";
import { userContext } from "~/server/http/context";
import { listNace } from "~/server/reference/nace.server";
import { getStorage } from "~/server/storage/storage.server";
import type { Route } from "./+types/company-create";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "page.companyCreate.title");
}

export async function loader({ request }: Route.LoaderArgs) {
  const locale = localeOfPath(new URL(request.url).pathname) ?? "de";
  const db = await getDb();
  const [nace, tags] = await Promise.all([listNace(db), listTags(db, locale)]);
  return { nace: naceOptionsFor(nace, locale), tags };
}

export async function action({ request, context }: Route.ActionArgs) {
  const locale = localeOfPath(new URL(request.url).pathname) ?? "de";
  const noValues: { values?: CompanyFormValues } = {};
  const form = await readForm(request, noValues);
  if (!(form instanceof FormData)) return form;
  return handleAction(
    async () => {
      const input = splitCreateInput(parseForm(CompanyCreateFormSchema, form, COMPANY_FORM_ARRAY_FIELDS));
      const actor = context.get(userContext);
      const id = await createCompany(await getDb(), actor, { ...input, logo: uploadedLogo(form) }, getStorage());
      return redirect(`${href("companyDetail", locale, { id })}?created=1`);
    },
    { values: submittedValues(form) },
  );
}

export default function CompanyCreate() {
  const t = useT();
  const { nace, tags } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  return (
    <Stack maw={960}>
      <Title order={1}>{t("page.companyCreate.title")}</Title>
      <Text data-testid="company-create-intro">{t("company.create.intro")}</Text>
      <CompanyProfileForm mode="create" nace={nace} tags={tags} defaults={failure?.values ?? EMPTY_COMPANY_FORM} failure={failure} />
    </Stack>
  );
}
