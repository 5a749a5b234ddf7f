import { Anchor, Stack, Text, Title } from "@mantine/core";
import { data, Link, redirect, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import { CompanyProfileForm } from "~/components/company/CompanyProfileForm";
import { naceOptionsFor } from "~/components/company/nace-options";
import { useLocale, useT } from "~/i18n/i18n-context";
import { localeOfPath } from "~/i18n/locales";
import { pageMeta } from "~/routing/current-page";
import { href } from "~/routing/paths";
import {
  COMPANY_FORM_ARRAY_FIELDS,
  CompanyEditFormSchema,
  type CompanyFormValues,
  EMPTY_COMPANY_FORM,
  submittedValues,
  uploadedLogo,
} from "~/schemas/company-form";
import { getCompanyDetail } from "~/server/companies/detail.server";
import { updateCompanyProfile } from "~/server/companies/profile.server";
import { listTags } from "~/server/companies/tags.server";
import { getDb } from "~/server/db/client.server";
import { AppError, isAppError } from "~/server/errors";
import { handleAction, parseForm, readForm } from "~/server/http/actions.server";
import { userContext } from "~/server/http/context";
import { listNace } from "~/server/reference/nace.server";
import { getStorage } from "~/server/storage/storage.server";
import type { Route } from "./+types/company-edit";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "page.companyEdit.title");
}

const isUuid = (value: string | undefined): value is string => z.uuid().safeParse(value).success;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = localeOfPath(new URL(request.url).pathname) ?? "de";
  if (!isUuid(params.id)) throw data(null, { status: 404 });
  const db = await getDb();
  const detail = await getCompanyDetail(db, context.get(userContext), params.id).catch((error: unknown) => {
    if (isAppError(error) && error.code === "NOT_FOUND") throw data(null, { status: 404 });
    throw error;
  });
  // Visible but not editable (not a member): the error screen says "no permission".
  if (!detail.can.edit) throw data({ code: "FORBIDDEN" }, { status: 403 });
  const [nace, tags] = await Promise.all([listNace(db), listTags(db, locale, { companyId: params.id })]);
  const { company } = detail;
  const values: CompanyFormValues = {
    ...EMPTY_COMPANY_FORM,
    name: company.name,
    descriptionDe: company.descriptionDe,
    descriptionCs: company.descriptionCs,
    website: company.website,
    nace: detail.nace.map((n) => n.code),
    tags: detail.tags.map((tag) => tag.id),
  };
  return { company: { id: company.id, name: company.name, logoKey: company.logoKey }, values, nace: naceOptionsFor(nace, locale), tags };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const locale = localeOfPath(new URL(request.url).pathname) ?? "de";
  const noValues: { values?: CompanyFormValues } = {};
  const form = await readForm(request, noValues);
  if (!(form instanceof FormData)) return form;
  return handleAction(
    async () => {
      if (!isUuid(params.id)) throw new AppError("NOT_FOUND");
      const profile = parseForm(CompanyEditFormSchema, form, COMPANY_FORM_ARRAY_FIELDS);
      await updateCompanyProfile(await getDb(), context.get(userContext), params.id, profile, uploadedLogo(form), getStorage());
      return redirect(`${href("companyDetail", locale, { id: params.id })}?saved=1`);
    },
    { values: submittedValues(form) },
  );
}

export default function CompanyEdit() {
  const t = useT();
  const locale = useLocale();
  const { company, values, nace, tags } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const detailHref = href("companyDetail", locale, { id: company.id });
  return (
    <Stack maw={960}>
      <Title order={1}>{t("page.companyEdit.title")}</Title>
      <Text>
        {t("company.edit.intro")}{" "}
        <Anchor component={Link} to={detailHref} underline="always" data-testid="company-edit-back">
          {company.name}
        </Anchor>
      </Text>
      <CompanyProfileForm
        mode="edit"
        nace={nace}
        tags={tags}
        defaults={failure?.values ?? values}
        currentLogoKey={company.logoKey}
        failure={failure}
        cancelHref={detailHref}
        companyId={company.id}
      />
    </Stack>
  );
}
